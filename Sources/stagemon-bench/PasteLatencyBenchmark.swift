import Foundation
import TmuxHarness

/// A 10 KB paste, to the frame that shows its end, in every input of the monitor (the `/`
/// filter, the `:` command line, the deck's "paste a raw JWT…" value), against `cat` echoing
/// the same paste in the same tmux harness (`stagemon-bench paste`). And a mouse click to the
/// frame that shows its selection, against a key press doing the same. Targets: paste ≤ 50 ms
/// and ≤ 5× cat.
enum PasteLatencyBenchmark {
  static let pastes = 7
  static let size = 10_240

  /// How one input is opened, and closed again so the next paste starts alike.
  struct Input {
    let name: String
    let open: [String]
    let ready: String
    let close: [String]
  }

  static let inputs = [
    Input(name: "/ filter", open: ["/"], ready: "Esc clears", close: ["Escape"]),
    Input(name: ": command line", open: [":"], ready: "publish unpublish", close: ["Escape"]),
    Input(
      name: "deck: paste a raw JWT…",
      open: ["Down", "x"] + Array(repeating: "Down", count: 20), ready: "JWT: (empty)",
      close: ["Escape", "Escape", "Up"]),
  ]

  /// Runs the suite; returns whether every target was met.
  static func run() -> Bool {
    print("== 10 KB paste → frame, mouse click → frame (tmux, 120×40) ==")
    let binary = SiblingExecutable.path("stagemon")
    do {
      // cat with the terminal's line editing and echo off writes each paste back as it reads
      // it, in order: with them on, the terminal's echo and cat's lagging copy interleave and
      // the paste's end can scroll away. A paste before cat has started would be lost, so a
      // typed probe must come back first.
      let cat = try TmuxSession(["sh", "-c", "stty -icanon -echo; exec cat"])
      try cat.send("x")
      guard try cat.waitFor(text: "x").met else { throw TmuxError("cat did not start") }
      let baseline = try measure(cat, open: [], ready: nil, close: [])
      BenchmarkHarness.report(
        "cat echoing the paste (baseline)", String(format: "%.1f ms", baseline), target: "—",
        met: true)
      var met = true
      for input in inputs {
        let session = try TmuxSession([binary, "--no-color"])
        guard try session.waitFor(text: "Participants").met else {
          throw TmuxError("stagemon did not start")
        }
        let ms = try measure(session, open: input.open, ready: input.ready, close: input.close)
        let ratio = ms / max(baseline, 0.001)
        let ok = ms <= 50 && ratio <= 5
        met = met && ok
        BenchmarkHarness.report(
          "  paste into " + input.name, String(format: "%.1f ms = %.2f× cat", ms, ratio),
          target: "≤ 50 ms, ≤ 5×", met: ok)
      }
      return try clicks(binary) && met
    } catch {
      print("paste benchmark failed: \(error)")
      return false
    }
  }

  /// Median milliseconds from `paste` to a screen showing the paste's last characters.
  private static func measure(
    _ session: TmuxSession, open: [String], ready: String?, close: [String]
  ) throws -> Double {
    var samples: [Double] = []
    for round in 0..<pastes {
      for key in open { try session.send(key) }
      if let ready, try !session.waitFor(text: ready).met {
        throw TmuxError("input never opened: \(ready)")
      }
      let marker = "END\(round)OF\(round)PASTE"
      // Lines of 100 bytes: a terminal's line discipline takes at most 4 KB per line, so `cat`
      // could never echo one 10 KB line; stagemon turns the breaks into spaces.
      let line = String(repeating: "0123456789", count: 10) + "\n"
      let text = String(repeating: line, count: size / line.utf8.count - 1) + marker
      let start = DispatchTime.now().uptimeNanoseconds
      try session.paste(text)
      guard try session.waitFor(5, { $0.contains(marker) }).met else {
        throw TmuxError("the paste never showed")
      }
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      for key in close { try session.send(key) }
      _ = try session.waitFor(2) { !$0.contains(marker) }
    }
    return BenchmarkHarness.median(samples)
  }

  /// A click on the guest's row, then on the host's, to the frame showing the selection,
  /// against ↓/↑ doing the same.
  private static func clicks(_ binary: String) throws -> Bool {
    let session = try TmuxSession([binary, "--no-color"])
    guard try session.waitFor(text: "Participants").met else {
      throw TmuxError("stagemon did not start")
    }
    let rows = [("guest", 5), ("host", 4)]
    let keys = try median(session: session) { round in
      try session.send(round % 2 == 0 ? "Down" : "Up")
      return "▶ \(rows[round % 2].0) ("
    }
    let clicks = try median(session: session) { round in
      let report = Array(
        "\u{1B}[<0;10;\(rows[round % 2].1)M\u{1B}[<0;10;\(rows[round % 2].1)m".utf8)
      try session.send(bytes: report)
      return "▶ \(rows[round % 2].0) ("
    }
    BenchmarkHarness.report(
      "↓/↑ select (baseline)", String(format: "%.1f ms", keys), target: "—", met: true)
    BenchmarkHarness.report(
      "mouse click select", String(format: "%.1f ms = %.2f× key", clicks, clicks / keys),
      target: "≤ 50 ms", met: clicks <= 50)
    return clicks <= 50
  }

  /// Median milliseconds from `act` (which returns the text the next frame shows) to a screen
  /// showing it.
  private static func median(
    session: TmuxSession, _ act: (Int) throws -> String
  ) throws -> Double {
    var samples: [Double] = []
    for round in 0..<(pastes * 2) {
      let start = DispatchTime.now().uptimeNanoseconds
      let expected = try act(round)
      guard try session.waitFor(5, { $0.contains(expected) }).met else {
        throw TmuxError("never showed \(expected)")
      }
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return BenchmarkHarness.median(samples)
  }
}
