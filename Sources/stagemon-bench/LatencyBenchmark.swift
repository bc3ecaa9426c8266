import Foundation
import TmuxHarness

/// Time from a key press to the frame that shows its result, measured the
/// way the end-to-end tests see the program: inside tmux, `send-keys` then
/// polling `capture-pane` until the screen (text or style) changes. The
/// baseline is the same harness around `cat`, whose terminal echoes a key
/// with no program work at all, so the ratio isolates stagemon's own share.
enum LatencyBenchmark {
  static let presses = 20

  /// Runs the suite; returns whether the median latency stayed under 100 ms.
  static func run() -> Bool {
    print("== key press → frame (tmux, 120×40) ==")
    let binary = SiblingExecutable.path("stagemon")
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print("stagemon binary not found next to stagemon-bench")
      return false
    }
    do {
      let baseline = try measure(["cat"], ready: nil, keys: ["x"])
      let monitor = try measure(
        [binary, "--no-color"], ready: "Participants", keys: ["Tab", "BTab"])
      let ratio = monitor / max(baseline, 0.001)
      BenchmarkHarness.report(
        "tmux echo through cat (baseline)", String(format: "%.1f ms", baseline), target: "—",
        met: true)
      BenchmarkHarness.report(
        "stagemon key → frame (Tab / Shift-Tab)",
        String(format: "%.1f ms = %.2f× baseline", monitor, ratio), target: "≤ 100 ms",
        met: monitor <= 100)
      return monitor <= 100
    } catch {
      print("latency benchmark failed: \(error)")
      return false
    }
  }

  /// Median milliseconds from `send-keys` to a changed screen, alternating `keys`.
  private static func measure(_ command: [String], ready: String?, keys: [String]) throws
    -> Double
  {
    let session = try TmuxSession(command)
    if let ready, try !session.waitFor(text: ready).met {
      throw TmuxError("\(command[0]) never showed \(ready)")
    }
    var previous = try settledScreen(session)
    var samples: [Double] = []
    for press in 0..<presses {
      let start = DispatchTime.now().uptimeNanoseconds
      try session.send(keys[press % keys.count])
      let changed = try session.waitFor(2) { _ in
        (try? session.screen(includingStyles: true)) != previous
      }
      guard changed.met else { throw TmuxError("no frame after \(keys[press % keys.count])") }
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      previous = try settledScreen(session)
    }
    return BenchmarkHarness.median(samples)
  }

  /// The screen once two captures 50 ms apart agree (the program is idle).
  private static func settledScreen(_ session: TmuxSession) throws -> String {
    var last = try session.screen(includingStyles: true)
    for _ in 0..<100 {
      usleep(50_000)
      let now = try session.screen(includingStyles: true)
      if now == last { return now }
      last = now
    }
    return last
  }
}
