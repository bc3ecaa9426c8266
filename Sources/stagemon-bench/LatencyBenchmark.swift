import Foundation
import TmuxHarness

/// Time from a key press or mouse report to the frame that shows its result, measured the
/// way the end-to-end tests see the program: inside tmux, `send-keys` (`-H` for the SGR bytes
/// of a mouse report) then polling `capture-pane` until the screen (text or style) changes.
/// The baseline is the same harness around `cat`, whose terminal echoes the same input with no
/// program work at all, so the ratio isolates stagemon's own share.
enum LatencyBenchmark {
  static let presses = 20

  /// One input sent to the program.
  enum Input {
    /// A tmux key name.
    case key(String)
    /// Raw bytes, as the terminal would send them.
    case bytes([UInt8])

    /// An SGR mouse report: `code` at column `x`, row `y` (1-based), pressed or released.
    static func mouse(_ code: Int, x: Int, y: Int, release: Bool = false) -> [UInt8] {
      Array("\u{1B}[<\(code);\(x);\(y)\(release ? "m" : "M")".utf8)
    }

    /// A left click (press and release) at (`x`, `y`).
    static func click(x: Int, y: Int) -> Input {
      .bytes(mouse(0, x: x, y: y) + mouse(0, x: x, y: y, release: true))
    }
  }

  /// Runs the suite; returns whether every target was met.
  static func run() -> Bool {
    print("== key press / mouse → frame (tmux, 120×40) ==")
    let binary = SiblingExecutable.path("stagemon")
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print("stagemon binary not found next to stagemon-bench")
      return false
    }
    do {
      let baseline = try measure(["cat"], ready: nil, inputs: [.key("x")])
      let monitor = try measure(
        [binary, "--no-color"], ready: "Participants", inputs: [.key("Tab"), .key("BTab")])
      BenchmarkHarness.report(
        "tmux echo through cat (baseline)", String(format: "%.1f ms", baseline), target: "—",
        met: true)
      let keyMet = report("stagemon key → frame (Tab / Shift-Tab)", monitor, baseline)
      return try MouseLatency.run(binary: binary) && keyMet
    } catch {
      print("latency benchmark failed: \(error)")
      return false
    }
  }

  /// Prints `ms` against `baseline` with the target ≤ 100 ms; returns whether it was met.
  static func report(_ name: String, _ ms: Double, _ baseline: Double) -> Bool {
    let ratio = ms / max(baseline, 0.001)
    BenchmarkHarness.report(
      name, String(format: "%.1f ms = %.2f× baseline", ms, ratio), target: "≤ 100 ms",
      met: ms <= 100)
    return ms <= 100
  }

  /// Median milliseconds from sending an input to a changed screen in a new session running
  /// `command`, cycling through `inputs`; `ready` says the program is up.
  static func measure(_ command: [String], ready: String?, inputs: [Input]) throws -> Double {
    try measure(start(command, ready: ready), inputs: inputs)
  }

  /// A session running `command`, once it shows `ready` (waited for up to `seconds`).
  static func start(_ command: [String], ready: String?, seconds: Double = 10) throws
    -> TmuxSession
  {
    let session = try TmuxSession(command)
    if let ready, try !session.waitFor(text: ready, seconds: seconds).met {
      throw TmuxError("\(command[0]) never showed \(ready)")
    }
    return session
  }

  /// Median milliseconds from sending an input to a changed screen, cycling through `inputs`.
  static func measure(_ session: TmuxSession, inputs: [Input]) throws -> Double {
    var previous = try settledScreen(session)
    var samples: [Double] = []
    for press in 0..<presses {
      let start = DispatchTime.now().uptimeNanoseconds
      switch inputs[press % inputs.count] {
      case .key(let key): try session.send(key)
      case .bytes(let bytes): try session.send(bytes: bytes)
      }
      let changed = try session.waitFor(2) { _ in
        (try? session.screen(includingStyles: true)) != previous
      }
      guard changed.met else { throw TmuxError("no frame after input \(press % inputs.count)") }
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
