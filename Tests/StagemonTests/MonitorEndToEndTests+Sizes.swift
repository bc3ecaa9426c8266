import Foundation
import Testing
import TmuxHarness

extension MonitorEndToEndTests {
  /// The whole demo played with `n` in the real binary at 80×24, 100×30 and 200×60: after each
  /// step the header counts it, the narration of that step is on screen, and the detail shows
  /// who sees what; at 80×24 too the STALE observers of step 7 are listed with their reasons and
  /// rules, and the composition (today's IVS) is current.
  @Test(arguments: [(80, 24), (100, 30), (200, 60)])
  func theDemoPlaysThroughReadably(width: Int, height: Int) throws {
    let session = try TmuxSession([StagemonBinary.url.path], width: width, height: height)
    try expect(session, shows: "who sees what")
    for step in 5...13 {
      try session.send("n")
      try expect(session, "step \(step) at \(width)×\(height)") { screen in
        let rows = screen.split(separator: "\n")
        return rows.first?.contains("\(step)/13") == true
          && screen.contains("step \(step)/13:") && screen.contains("who sees what")
      }
      if step == 7 {
        let screen = try session.screen()
        let rows = screen.split(separator: "\n")
        for observer in ["viewer-android", "viewer-web"] {
          // A reason too long for the row is wrapped onto the line below it, never cut, with
          // the rule that decided it.
          let row = rows.firstIndex { $0.contains(observer) && $0.contains("STALE") }
          let reason = row.map { rows[$0...].prefix(3).joined(separator: " ") } ?? ""
          #expect(
            reason.contains("sees it on republish") && reason.contains("[visibility."),
            "\(observer) at \(width)×\(height):\n\(screen)")
        }
        // Today's IVS: the composition follows the exchange at once.
        #expect(
          rows.contains { $0.contains("composition") && $0.contains("current") },
          "\(width)×\(height):\n\(screen)")
      }
    }
    try expect(session, shows: "the end of the demo")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
  }

  /// Started from a shell, resized several times, then quit: the shell's screen and scrollback
  /// hold what they held before, as `less` leaves them after the same resizes.
  @Test func quittingAfterResizesFromAShellLeavesWhatLessLeaves() throws {
    func history(after command: String, ready: String) throws -> [String] {
      let session = try TmuxSession(["/bin/sh"], width: 80, height: 24)
      try session.type(command)
      try session.send("Enter")
      try expect(session, shows: ready)
      for (width, height) in [(160, 50), (100, 30), (200, 60), (80, 24)] {
        try session.resize(width: width, height: height)
        try expect(session, "redrawn at \(width)×\(height)") { screen in
          // The demo keeps a blank row for its longest narration: a row or two may be empty.
          screen.split(separator: "\n").count >= height - 3 && screen.contains(ready)
        }
      }
      try session.send("q")
      try expect(session, "back at the shell, its prompt after the command") { screen in
        let lines = screen.split(separator: "\n").filter {
          !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        return !screen.contains(ready) && lines.count >= 2
      }
      return try session.history().split(separator: "\n").map(String.init)
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
    let less = try history(after: "seq 1 500 | less", ready: "1\n2\n3")
    let monitor = try history(after: "'\(StagemonBinary.url.path)'", ready: "Participants")
    #expect(monitor.count == less.count, "stagemon left:\n\(monitor)\nless left:\n\(less)")
    for piece in ["Participants", "Events", "Detail", "who sees what", "quit"] {
      #expect(!monitor.joined().contains(piece), "\(piece) left:\n\(monitor)")
    }
  }

  /// A resize redraws inside the alternate screen: leaving it and entering it again would
  /// flash the shell on a real terminal while its window is dragged. The bytes the program
  /// writes during the resizes hold the new frames and never the alternate screen's switches.
  @Test func aResizeNeverLeavesTheAlternateScreen() throws {
    let session = try TmuxSession([StagemonBinary.url.path], width: 80, height: 24)
    try expect(session, shows: "Participants")
    let output = try StagemonBinary.temporaryDirectory().appendingPathComponent("output")
    try session.recordOutput(to: output.path)
    for (width, height) in [(120, 40), (100, 30), (80, 24)] {
      try session.resize(width: width, height: height)
      try expect(session, "redrawn at \(width)×\(height)") { screen in
        screen.split(separator: "\n").contains {
          $0.hasPrefix("┌ ▸ Participants") && $0.count == width
        }
      }
      #expect(try session.inAlternateScreen())
    }
    try session.stopRecordingOutput()
    let bytes = try String(contentsOf: output, encoding: .utf8)
    #expect(bytes.contains("Participants"), "the resizes redrew nothing: \(bytes.count) bytes")
    for sequence in ["\u{1B}[?1049l", "\u{1B}[?1049h", "\u{1B}[?47l", "\u{1B}[?1047l"] {
      #expect(!bytes.contains(sequence), "a resize wrote \(sequence.debugDescription)")
    }
    try session.send("q")
    try expect(session, shows: "[exit 0]")
  }
}
