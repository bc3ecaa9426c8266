import Foundation
import Testing
import TmuxHarness

/// Files the monitor writes at a person's word: one-character names work (they crashed in
/// Foundation's path code), and `:save-scenario` writes the scenario and its key both or
/// neither (issue #32 items 10 and 11).
extension MonitorEndToEndTests {
  /// The monitor on the end-to-end stage in a fresh folder, started by `shell` first
  /// (`ulimit -f 1` to make writes fail).
  func monitor(in dir: URL, after shell: String = "") throws -> TmuxSession {
    let file = dir.appendingPathComponent("stage.json")
    try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
    let script = #"cd "$1" && \#(shell) exec "$0" stage.json"#
    let session = try TmuxSession(
      ["/bin/bash", "-c", script, StagemonBinary.url.path, dir.path])
    try expect(session, shows: "Participants")
    return session
  }

  @Test func oneCharacterFileNamesAreWrittenInTheMonitor() throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let session = try monitor(in: dir)
    try session.send(":")
    try session.type("screenshot x")
    try session.send("Enter")
    try expect(session, shows: "x.txt")
    try session.send(":")
    try session.type("save-scenario y")
    try session.send("Enter")
    try expect(session, shows: "y.key.pem")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["stage.json", "x.ans", "x.svg", "x.txt", "y", "y.key.pem"])
  }

  @Test func saveScenarioWritesTheScenarioAndItsKeyBothOrNeither() throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let session = try monitor(in: dir, after: "ulimit -f 1;")
    try session.send(":")
    try session.type("save-scenario s.json")
    try session.send("Enter")
    try expect(session, shows: "cannot save the scenario")
    try session.send("q")
    try expect(session, shows: "[exit 0]")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["stage.json"])
  }
}
