import Foundation
import IVSRecords
import JSONKit
import StageEngine
import TokenCore

/// `stagemon-bench import`: what `stagemon explain` costs on a long customer record. A
/// record of about 1,000,000 server events over 1,000 participants is generated from the
/// model (publishers taking turns before 996 viewers, with exchanges, network delays in
/// the timestamps, newest first, one ListParticipantEvents document per participant, all
/// pasted together). END TO END is reading those bytes, importing, running the scenario
/// and comparing; the baseline is running the imported scenario headless alone (JSONL to
/// /dev/null), measured in the same process.
enum ImportBenchmark {
  static let participants = 1_000
  static let publishers = 4
  static let rounds = 500
  static let target = 200_000.0
  static let ratioTarget = 0.67

  static func run() -> Bool {
    do {
      let bytes = try record()
      var recordedCount = 0
      var reproduced = false
      let endToEnd = try time {
        var records = RecordSet()
        try records.read(bytes: bytes, file: "generated")
        let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
        let comparison = try RecordComparison.run(session, file: "generated", toleranceSeconds: 5)
        recordedCount = session.recorded.count
        reproduced = comparison.isReproduced
      }
      var records = RecordSet()
      try records.read(bytes: bytes, file: "generated")
      let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
      let headless = try time { try runHeadless(session.scenario) }
      let rate = Double(recordedCount) / endToEnd
      let ratio = headless / endToEnd
      let met = rate >= target && ratio >= ratioTarget && reproduced
      print(
        "import + run + compare: \(participants) participants, \(recordedCount) recorded events,")
      print(
        "  \(bytes.count / 1_048_576) MiB of ListParticipantEvents JSON, every event reproduced: \(reproduced)"
      )
      print(
        "  END TO END (read + import + run + compare)  \(BenchmarkHarness.format(rate)) recorded events/s"
          + "  target ≥ \(BenchmarkHarness.format(target))  (\(String(format: "%.2f", endToEnd)) s)"
      )
      print(
        "  baseline: the imported scenario headless alone (JSONL to /dev/null)  "
          + String(format: "%.2f s", headless))
      print(
        "  ratio headless/end to end  \(String(format: "%.2f", ratio))  target ≥ \(ratioTarget)  "
          + (met ? "met" : "MISSED"))
      print("  peak memory  \(String(format: "%.0f", BenchmarkHarness.peakMemoryMiB())) MiB")
      return met
    } catch {
      print("import benchmark failed: \(error)")
      return false
    }
  }

  /// The generated record: the model's server events of a long session as a customer
  /// would paste them.
  static func record() throws -> [UInt8] {
    let runner = try ScenarioRunner(scenario: session(), file: "generated")
    var byParticipant: [String: [JSON]] = [:]
    var order: [String] = []
    try runner.run { batch in
      for event in batch where event.source == .server {
        guard let participant = event.participant else { continue }
        if byParticipant[participant] == nil { order.append(participant) }
        byParticipant[participant, default: []].append(json(event))
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
  private static func session() throws -> Scenario {
    let ios = try SDKProfile(parsing: "ios@1.37.0")
    let android = try SDKProfile(parsing: "android@1.36.0")
    var participants: [ScenarioParticipant] = []
    for index in 0..<Self.participants {
      let publisher = index < publishers
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
      let id = "pub\(round % publishers)"
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
