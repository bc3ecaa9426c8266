import Foundation
import IVSRecords
import JSONKit
import StageEngine
import TokenCore

/// `stagemon-bench import` / `import10k`: what `stagemon explain` costs on a long customer
/// record. A record of about 1,000,000 server events over 1,000 (or 10,000) participants
/// is generated from the model (publishers taking turns before the viewers, with
/// exchanges, network delays in the timestamps, newest first, one ListParticipantEvents
/// document per participant, all pasted together). END TO END is reading those bytes,
/// importing, running the scenario and comparing; the baseline is running the imported
/// scenario headless alone (JSONL to /dev/null), measured in the same process.
struct ImportBenchmark {
  static let publishers = 4
  static let target = 200_000.0
  static let ratioTarget = 0.67

  let participants: Int
  /// Publish/unpublish turns; each makes about two server events per viewer.
  let rounds: Int

  /// The issue's case: 1,000 participants, 500 turns.
  static func run() -> Bool { ImportBenchmark(participants: 1_000, rounds: 500).run() }

  /// The issue's bad-input limit: 10,000 participants, 50 turns.
  static func runTenThousand() -> Bool {
    ImportBenchmark(participants: 10_000, rounds: 50).run()
  }

  func run() -> Bool {
    do {
      let bytes = try record()
      var phases: [Double] = []
      var scenario: Scenario?
      var recordedCount = 0
      var reproduced = false
      BenchmarkHarness.resetPeakMemory()
      let endToEnd = try Self.time {
        var records = RecordSet()
        phases.append(try Self.time { try records.read(bytes: bytes, file: "generated") })
        var imported: ImportedSession?
        phases.append(
          try Self.time {
            imported = try RecordImporter.makeSession(from: records, options: ImportOptions())
          })
        records = RecordSet()
        guard let session = imported else { return }
        phases.append(
          try Self.time {
            let comparison = try RecordComparison.run(
              session, file: "generated", toleranceSeconds: 5)
            reproduced = comparison.isReproduced
          })
        recordedCount = session.recorded.count
        scenario = session.runnable
      }
      let peak = BenchmarkHarness.peakMemoryMiB()
      guard let scenario else { return false }
      let headless = try Self.time { try Self.runHeadless(scenario) }
      let rate = Double(recordedCount) / endToEnd
      let ratio = headless / endToEnd
      let met = rate >= Self.target && ratio >= Self.ratioTarget && reproduced
      print(
        "import + run + compare: \(participants) participants, \(recordedCount) recorded events,")
      print(
        "  \(bytes.count / 1_048_576) MiB of ListParticipantEvents JSON, every event reproduced: \(reproduced)"
      )
      print(
        "  END TO END (read + import + run + compare)  \(BenchmarkHarness.format(rate)) recorded events/s"
          + "  target ≥ \(BenchmarkHarness.format(Self.target))  (\(String(format: "%.2f", endToEnd)) s)"
      )
      let names = ["read", "import", "run + compare"]
      print(
        "    phases: "
          + zip(names, phases).map { "\($0) \(String(format: "%.2f s", $1))" }.joined(
            separator: ", "))
      print(
        "  baseline: the imported scenario headless alone (JSONL to /dev/null)  "
          + String(format: "%.2f s", headless))
      print(
        "  ratio headless/end to end  \(String(format: "%.2f", ratio))  target ≥ \(Self.ratioTarget)  "
          + (met ? "met" : "MISSED"))
      print(
        "  peak memory of END TO END (input bytes included)  \(String(format: "%.0f", peak)) MiB")
      return met
    } catch {
      print("import benchmark failed: \(error)")
      return false
    }
  }

  /// The generated record: the model's server events of a long session as a customer
  /// would paste them.
  func record() throws -> [UInt8] {
    let runner = try ScenarioRunner(scenario: session(), file: "generated")
    var byParticipant: [String: [JSON]] = [:]
    var order: [String] = []
    try runner.run { batch in
      for event in batch where event.source == .server {
        guard let participant = event.participant else { continue }
        if byParticipant[participant] == nil { order.append(participant) }
        byParticipant[participant, default: []].append(Self.json(event))
      }
    }
    var bytes: [UInt8] = []
    for participant in order {
      JSONWriter.write(
        .object([("events", .array((byParticipant[participant] ?? []).reversed()))]), into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// Publishers take turns; every fifth turn the publisher exchanges its token first.
  private func session() throws -> Scenario {
    let ios = try SDKProfile(parsing: "ios@1.37.0")
    let android = try SDKProfile(parsing: "android@1.36.0")
    var participants: [ScenarioParticipant] = []
    for index in 0..<self.participants {
      let publisher = index < Self.publishers
      participants.append(
        ScenarioParticipant(
          id: publisher ? "pub\(index)" : "viewer\(index)",
          sdk: publisher || index % 2 == 0 ? ios : android,
          strategy: StrategySettings(publish: .never),
          token: .mint(
            TokenMintSpec(
              capabilities: Capabilities(publish: publisher, subscribe: true),
              ttl: VirtualDuration(seconds: 86_400)))))
    }
    var steps = participants.map { ScenarioStep.join($0.id) }
    for round in 0..<rounds {
      let id = "pub\(round % Self.publishers)"
      steps.append(.advance(VirtualDuration(seconds: 1)))
      if round % 5 == 0 {
        steps.append(.exchange(id, .mint(TokenMintSpec(attributes: [("round", String(round))]))))
      }
      steps += [.publish(id), .advance(VirtualDuration(seconds: 2)), .unpublish(id)]
    }
    return Scenario(participants: participants, steps: steps)
  }

  /// One event as ListParticipantEvents writes it; subscribe events land 250 ms late.
  private static func json(_ event: StageEvent) -> JSON {
    let late = event.kind == .subscribeStarted || event.kind == .subscribeStopped
    var members: [(key: String, value: JSON)] = [
      (
        "eventTime",
        .string(VirtualTime.iso8601(event.time).dropLast() + (late ? ".250000+00:00" : "+00:00"))
      ),
      ("name", .string(event.kind.rawValue)), ("participantId", .string(event.participant ?? "")),
    ]
    if let remote = event.remoteParticipantId {
      members.append(("remoteParticipantId", .string(remote)))
    }
    if let exchange = event.exchange {
      members.append(("previousToken", token(exchange.previousToken)))
      members.append(("newToken", token(exchange.newToken)))
    }
    return .object(members)
  }

  private static func token(_ token: TokenSummary) -> JSON {
    .object([
      ("capabilities", .array(token.capabilities.names.map { .string($0.uppercased()) })),
      (
        "attributes",
        .object(token.attributes.keys.sorted().map { ($0, .string(token.attributes[$0] ?? "")) })
      ),
      ("userId", token.userId.map(JSON.string) ?? .null),
      ("expirationTime", .string(VirtualTime.iso8601(token.expirationTime))),
    ])
  }

  private static func runHeadless(_ scenario: Scenario) throws {
    let fd = open("/dev/null", O_WRONLY)
    defer { close(fd) }
    let runner = try ScenarioRunner(scenario: scenario, file: "generated")
    let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
    try runner.run { writer.write($0) }
    try writer.flush()
  }

  private static func time(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
