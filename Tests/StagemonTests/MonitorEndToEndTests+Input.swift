import Foundation
import Testing
import TmuxHarness

/// Bracketed paste and the mouse in the real terminal: tmux pastes with the markers stagemon
/// asked for, and clicks arrive as the SGR reports a terminal sends.
extension MonitorEndToEndTests {
  @Test func aTenKilobytePasteArrivesWholeAndRunsNoKeys() throws {
    let session = try TmuxSession([StagemonBinary.url.path])
    try expect(session, shows: "Participants")
    try session.send("/")
    let text = String(repeating: "q n x ", count: 1_700) + "END-OF-PASTE"
    try session.paste(text)
    try expect(session, shows: "END-OF-PASTE▏")
    try session.send("Enter")
    try expect(session, shows: "filter \"\(text.prefix(39))…\": 0 lines")
    try session.paste("qqq")
    try expect(session, shows: "paste ignored: open / (filter)")
    #expect(try session.inAlternateScreen(), "a pasted q must not quit")
  }

  /// An SGR mouse report for column `x`, row `y` (1-based, as on the wire).
  static func mouse(_ code: Int, _ x: Int, _ y: Int, release: Bool = false) -> [UInt8] {
    Array("\u{1B}[<\(code);\(x);\(y)\(release ? "m" : "M")".utf8)
  }

  @Test func clicksSelectAndDoubleClickOpensTheDeck() throws {
    let session = try joinedStage()
    #expect(try session.mouseReporting())
    // Row 5 of the screen is the second participant (header, border, column titles, host).
    try session.send(bytes: Self.mouse(0, 10, 5) + Self.mouse(0, 10, 5, release: true))
    try expect(session, shows: "▶ guest (android@1.37.0)")
    let click = Self.mouse(0, 10, 5) + Self.mouse(0, 10, 5, release: true)
    try session.send(bytes: click + click)
    try expect(session, shows: "Token deck: guest")
    try session.send("Escape")
    try expect(session, "deck closed") { !$0.contains("Token deck") }
    // The wheel over the log scrolls it without moving the selection.
    try session.send(bytes: Self.mouse(64, 20, 30))
    try expect(session, shows: "▶ guest (android@1.37.0)")
  }

  @Test func clickingALogLineSelectsItsEventAndCopyPutsItsJSONOnTheClipboard() throws {
    let session = try joinedStage()
    try session.acceptClipboard()
    let rows = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
    // Rows where an event's line starts (`│12:00:01 ▲ host  …`); the newest is followed anyway.
    let heads = rows.indices.filter { rows[$0].wholeMatch(of: /│\d\d:\d\d:\d\d .*/) != nil }
    let row = try #require(heads.dropLast().last, "no event rows:\n\(rows.joined(separator: "\n"))")
    let name = try #require(rows[row].split(separator: " ").dropFirst(3).first)
    try session.send(bytes: Self.mouse(0, 30, row + 1) + Self.mouse(0, 30, row + 1, release: true))
    try session.send("c")
    try expect(session, shows: "copied event \(name) (seq ")
    let deadline = Date().addingTimeInterval(10)
    var buffer = ""
    while buffer.isEmpty, Date() < deadline { buffer = try session.pasteBuffer() }
    #expect(buffer.hasPrefix("{\"seq\":"), "\(buffer)")
    #expect(buffer.contains("\"\(name)\""), "\(buffer)")
  }

  @Test func noMouseLeavesClicksToTheTerminal() throws {
    let session = try TmuxSession([StagemonBinary.url.path, "--no-mouse"])
    try expect(session, shows: "Participants")
    #expect(try session.mouseReporting() == false)
    try session.send("q")
    try expect(session, shows: "[exit 0]")
  }

  /// Whatever the resizes, quitting leaves nothing of the UI in the shell or its scrollback:
  /// the UI lives in the alternate screen only.
  @Test func quittingAfterResizesLeavesTheScrollbackClean() throws {
    let session = try TmuxSession([StagemonBinary.url.path], width: 80, height: 24)
    try expect(session, shows: "Participants")
    for (width, height) in [(160, 50), (100, 30), (200, 60)] {
      try session.resize(width: width, height: height)
      try expect(session, "redrawn at \(width)×\(height)") { screen in
        screen.split(separator: "\n").contains { $0.count >= width - 2 && $0.contains("Events") }
      }
    }
    try session.send("q")
    try expect(session, shows: "[exit 0]")
    let history = try session.history()
    for piece in ["Participants", "Events", "Detail", "Composition", "DemoStage01", "quit"] {
      #expect(!history.contains(piece), "\(piece) left in the scrollback:\n\(history)")
    }
  }
}
