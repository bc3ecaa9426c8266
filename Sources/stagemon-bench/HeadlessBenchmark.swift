import Foundation
import StageEngine

/// Benchmark of headless output (lead wires `HeadlessBenchmark.run()` into main):
/// a long generated scenario (one host exchanging attributes and republishing in
/// front of 200 observers) is run once to collect its events, then the events are
/// written as JSONL to /dev/null through `EventStreamWriter`. Two baselines run
/// side by side on the very same lines, pre-rendered: the copy floor (append each
/// line to one reusable buffer, write(2) in the same chunks: what output costs
/// without rendering) and a naive writer (one `FileHandle.write` per line).
/// Target: ≥ 500,000 JSONL events/s.
enum HeadlessBenchmark {
  static let observers = 200
  static let rounds = 400
  static let target = 500_000.0

  /// Runs the benchmark, prints a report and returns whether the target was met.
  static func run() -> Bool {
    do {
      let runner = try ScenarioRunner(scenario: scenario(), file: "generated")
      var events: [StageEvent] = []
      let engineSeconds = try seconds { try runner.run { events.append(contentsOf: $0) } }
      let renderSeconds = try bestOf(3) { try writeJSONL(events) }
      let lines = render(events)
      let copySeconds = try bestOf(3) { try copyLines(lines) }
      let naiveSeconds = try seconds { try writeLinesNaively(lines) }
      print(
        "headless JSONL to /dev/null, \(events.count) events, \(lines.joined().count / 1024) KiB:")
      print("  engine run (model only)   \(rate(events.count, engineSeconds))")
      print("  end to end (run + write)  \(rate(events.count, engineSeconds + renderSeconds))")
      print("  JSONL writer              \(rate(events.count, renderSeconds))")
      print(
        "  baseline copy floor       \(rate(events.count, copySeconds)) (writer/floor \(ratio(copySeconds, renderSeconds)))"
      )
      print(
        "  baseline naive per-line   \(rate(events.count, naiveSeconds)) (writer/naive \(ratio(naiveSeconds, renderSeconds)))"
      )
      let met = Double(events.count) / renderSeconds >= target
      print("  target \(met ? "met" : "NOT met") (≥ \(format(target)) JSONL events/s)")
      return met
    } catch {
      print("headless benchmark failed: \(error)")
      return false
    }
  }

  private static func rate(_ events: Int, _ seconds: Double) -> String {
    "\(format(Double(events) / seconds)) events/s"
  }

  /// How many times faster the writer is than a baseline (below 1: slower).
  private static func ratio(_ baseline: Double, _ writer: Double) -> String {
    String(format: "%.2f", baseline / writer)
  }

  /// One host and `observers` subscribers; the host alternates attribute exchanges
  /// (metadata fan-out) with unpublish/publish (join/leave fan-out).
  static func scenario() throws -> Scenario {
    let ios = try SDKProfile(parsing: "ios@1.37.0")
    let profiles = try ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0"].map {
      try SDKProfile(parsing: $0)
    }
    var participants = [
      ScenarioParticipant(
        id: "host", sdk: ios, strategy: StrategySettings(),
        token: .mint(TokenMintSpec(capabilities: .init(publish: true, subscribe: true))))
    ]
    for index in 0..<observers {
      participants.append(
        ScenarioParticipant(
          id: "viewer\(index)", sdk: profiles[index % profiles.count],
          strategy: StrategySettings(),
          token: .mint(TokenMintSpec(capabilities: .init(subscribe: true)))))
    }
    var steps = participants.map { ScenarioStep.join($0.id) }
    for round in 0..<rounds {
      let attributes = [(key: "round", value: String(round))]
      steps.append(.exchange("host", .mint(TokenMintSpec(attributes: attributes))))
      steps.append(.advance(VirtualDuration(seconds: 1)))
      if round % 4 == 3 { steps += [.unpublish("host"), .publish("host")] }
    }
    return Scenario(participants: participants, steps: steps)
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
          try writeAll(buffer, to: fd)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      try writeAll(buffer, to: fd)
    }
  }

  private static func writeLinesNaively(_ lines: [[UInt8]]) throws {
    guard let handle = FileHandle(forWritingAtPath: "/dev/null") else {
      throw HeadlessBenchmarkError("cannot open /dev/null")
    }
    defer { try? handle.close() }
    for line in lines { handle.write(Data(line)) }
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(fd, base + offset, buffer.count - offset)
        guard written > 0 else { throw HeadlessBenchmarkError("write to /dev/null failed") }
        offset += written
      }
    }
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
