import Foundation
import TmuxHarness

/// A mouse click and a wheel step to the frame that shows them, at 10,000 participants, in the
/// latency harness (`stagemon-bench latency`): the binary opens a scenario file declaring
/// 10,000 participants (none joined: joining them all would take minutes of ES384 and fan-out
/// before the first measurement), and the clicks and wheel steps move the table's selection.
/// The baseline is `cat` echoing the same SGR bytes. Target ≤ 100 ms, as for a key.
enum MouseLatency {
  static let participants = 10_000

  /// Measures and reports; returns whether both targets were met.
  static func run(binary: String) throws -> Bool {
    let file = try scenarioFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Rows 5 and 6 (1-based) of the 120×40 screen are the table's second and third rows.
    let clicks: [LatencyBenchmark.Input] = [.click(x: 10, y: 5), .click(x: 10, y: 6)]
    let wheel: [LatencyBenchmark.Input] = [
      .bytes(LatencyBenchmark.Input.mouse(65, x: 10, y: 6)),
      .bytes(LatencyBenchmark.Input.mouse(64, x: 10, y: 6)),
    ]
    let baseline = try LatencyBenchmark.measure(["cat"], ready: nil, inputs: clicks)
    let session = try LatencyBenchmark.start(
      [binary, "--no-color", file], ready: "Participants \(participants)", seconds: 300)
    let click = try LatencyBenchmark.measure(session, inputs: clicks)
    let scroll = try LatencyBenchmark.measure(session, inputs: wheel)
    BenchmarkHarness.report(
      "cat echoing the SGR bytes (baseline)", String(format: "%.1f ms", baseline),
      target: "—", met: true)
    let clickMet = LatencyBenchmark.report(
      "click → frame, \(participants) participants", click, baseline)
    let wheelMet = LatencyBenchmark.report(
      "wheel → frame, \(participants) participants", scroll, baseline)
    return clickMet && wheelMet
  }

  /// A scenario file declaring `participants` viewers and no steps; returns its path.
  private static func scenarioFile() throws -> String {
    let ids = (0..<participants).map { "{\"id\": \"viewer\($0)\"}" }
    let json = "{\"participants\": [\(ids.joined(separator: ", "))], \"steps\": []}"
    let path = NSTemporaryDirectory() + "stagemon-bench-mouse-\(getpid()).json"
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
