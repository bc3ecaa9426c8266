import Foundation
import InputKit
import StageEngine
import TokenCore

/// Benchmark of headless output, the way `stagemon run X --headless --format jsonl
/// > /dev/null` works: the headline is END TO END (runner set-up with its token
/// minting, the scenario run producing the events, and their JSONL written to
/// /dev/null through `EventStreamWriter`) against the target. Supporting lines,
/// measured in the same process: the model alone (events discarded), the writer
/// alone on the collected events, two writer baselines on the very same lines
/// pre-rendered (the copy floor: append to one buffer and write(2) in the same
/// chunks; naive: one `FileHandle.write` per line), and the scenario's ES384 work (its
/// signatures and verifications timed one at a time on their own; the run signs and checks
/// the first tokens on every core, so there it costs less than this).
enum HeadlessBenchmark {
  /// A busy stage: far below the 10,000-subscriber quota, yet enough viewers that
  /// a session is many events per exchange, as long demo and QA runs are.
  static let observers = 1_000
  /// The same session on a small stage, reported beside it: there one exchange's
  /// two ES384 operations weigh more than the few hundred events it causes.
  static let smallObservers = 200
  static let rounds = 400
  static let target = 500_000.0

  /// Runs the benchmark, prints a report and returns whether the target was met.
  static func run() -> Bool {
    do {
      let scenario = try HeadlessScenario.make(observers: observers, rounds: rounds)
      var count = 0
      let endToEnd = try bestOf(3) { count = try runToDevNull(scenario) }
      let model = try bestOf(3) { count = try runDiscarding(scenario) }
      let events = try collect(scenario)
      guard events.count == count else {
        throw HeadlessBenchmarkError("runs disagree: \(events.count) vs \(count) events")
      }
      let writer = try bestOf(3) { try writeJSONL(events) }
      let lines = render(events)
      let floor = try bestOf(3) { try copyLines(lines) }
      let naive = try seconds { try writeLinesNaively(lines) }
      let crypto = try cryptoSeconds(HeadlessScenario.cryptoOperations(scenario))
      let bytes = lines.reduce(0) { $0 + $1.count }
      let small = try HeadlessScenario.make(observers: smallObservers, rounds: rounds)
      var smallCount = 0
      let smallSeconds = try bestOf(3) { smallCount = try runToDevNull(small) }
      let smallCrypto = try cryptoSeconds(HeadlessScenario.cryptoOperations(small))
      let met = Double(count) / endToEnd >= target
      print("headless JSONL to /dev/null: 1 host + \(observers) viewers, \(rounds) exchanges,")
      print("  \(count) events, \(bytes / 1_048_576) MiB of JSONL (best of 3 each)")
      print(
        "  END TO END (init + run + write)  \(rate(count, endToEnd))  "
          + "target ≥ \(format(target))  \(met ? "met" : "MISSED")")
      print(
        "  model only (init + run)          \(rate(count, model))  (end to end/model \(ratio(model, endToEnd)))"
      )
      print("  JSONL writer alone               \(rate(count, writer))")
      print(
        "  baseline copy floor              \(rate(count, floor))  (writer/floor \(ratio(floor, writer)))"
      )
      print(
        "  baseline naive per-line write    \(rate(count, naive))  (writer/naive \(ratio(naive, writer)))"
      )
      print(
        "  ES384 one at a time \(crypto.label)  \(String(format: "%.0f", crypto.seconds * 1000)) ms "
          + "= \(percent(crypto.seconds, endToEnd)) of end to end (first tokens use every core)")
      print(
        "  same session, \(smallObservers) viewers: end to end \(rate(smallCount, smallSeconds)), "
          + "ES384 one at a time \(percent(smallCrypto.seconds, smallSeconds)) of it")
      return met
    } catch {
      print("headless benchmark failed: \(error)")
      return false
    }
  }

  /// What `stagemon run` does: set up, run, write every batch, flush. Returns the event count.
  private static func runToDevNull(_ scenario: Scenario) throws -> Int {
    var count = 0
    try withDevNull { fd in
      let runner = try ScenarioRunner(scenario: scenario, file: "generated")
      let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
      try runner.run { batch in
        count += batch.count
        writer.write(batch)
      }
      try writer.flush()
    }
    return count
  }

  private static func runDiscarding(_ scenario: Scenario) throws -> Int {
    let runner = try ScenarioRunner(scenario: scenario, file: "generated")
    var count = 0
    try runner.run { count += $0.count }
    return count
  }

  private static func collect(_ scenario: Scenario) throws -> [StageEvent] {
    let runner = try ScenarioRunner(scenario: scenario, file: "generated")
    var events: [StageEvent] = []
    try runner.run { events.append(contentsOf: $0) }
    return events
  }

  /// Seconds the scenario's ES384 work costs alone: median sign and verify times
  /// of a scenario-like token, times the scenario's counts.
  private static func cryptoSeconds(_ operations: (signs: Int, verifies: Int)) throws
    -> (seconds: Double, label: String)
  {
    let key = try SigningKey.generate()
    let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/BenchKey"
    var store = KeyStore()
    try store.add(key.publicKey, arn: kid)
    let now = VirtualTime.defaultStart
    let claims = try TokenClaims.forStage(
      ScenarioStage.defaultARN, participantID: "host", userId: nil,
      capabilities: Capabilities(publish: true, subscribe: true), attributes: ["round": "1"],
      issuedAt: now, lifetime: 43_200)
    var token = ""
    var signs: [Double] = []
    var verifies: [Double] = []
    for _ in 0..<25 {
      signs.append(try seconds { token = try TokenMinter.mint(claims, key: key, kid: kid) })
      verifies.append(try seconds { try store.verify(try ParticipantToken.parse(token), now: now) })
    }
    let total =
      Double(operations.signs) * BenchmarkHarness.median(signs) + Double(operations.verifies)
      * BenchmarkHarness.median(verifies)
    return (total, "(\(operations.signs) signs + \(operations.verifies) verifies)")
  }

  private static func percent(_ part: Double, _ whole: Double) -> String {
    String(format: "%.0f%%", part / whole * 100)
  }

  private static func rate(_ events: Int, _ seconds: Double) -> String {
    "\(format(Double(events) / seconds)) events/s"
  }

  /// How many times faster the second figure's run is than the first's (below 1: slower).
  private static func ratio(_ baseline: Double, _ measured: Double) -> String {
    String(format: "%.2f", baseline / measured)
  }

  private static func writeJSONL(_ events: [StageEvent]) throws {
    try withDevNull { fd in
      let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
      writer.write(events)
      try writer.flush()
    }
  }

  private static func render(_ events: [StageEvent]) -> [[UInt8]] {
    var renderer = JSONLEventRenderer()
    return events.map { event in
      var line: [UInt8] = []
      renderer.render(event, into: &line)
      return line
    }
  }

  private static func copyLines(_ lines: [[UInt8]]) throws {
    try withDevNull { fd in
      var buffer: [UInt8] = []
      buffer.reserveCapacity(EventStreamWriter.chunkSize + 4096)
      for line in lines {
        buffer.append(contentsOf: line)
        if buffer.count >= EventStreamWriter.chunkSize {
          try WriteLoop.write(buffer, to: fd)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      try WriteLoop.write(buffer, to: fd)
    }
  }

  private static func writeLinesNaively(_ lines: [[UInt8]]) throws {
    guard let handle = FileHandle(forWritingAtPath: "/dev/null") else {
      throw HeadlessBenchmarkError("cannot open /dev/null")
    }
    defer { try? handle.close() }
    for line in lines { handle.write(Data(line)) }
  }

  private static func withDevNull(_ body: (Int32) throws -> Void) throws {
    let fd = open("/dev/null", O_WRONLY)
    guard fd >= 0 else { throw HeadlessBenchmarkError("cannot open /dev/null") }
    defer { close(fd) }
    try body(fd)
  }

  private static func bestOf(_ count: Int, _ body: () throws -> Void) throws -> Double {
    var best = Double.infinity
    for _ in 0..<count { best = min(best, try seconds(body)) }
    return best
  }

  private static func seconds(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  private static func format(_ value: Double) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 0
    return formatter.string(from: NSNumber(value: value)) ?? String(Int(value))
  }
}

/// A headless benchmark setup failure, with its reason.
private struct HeadlessBenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
