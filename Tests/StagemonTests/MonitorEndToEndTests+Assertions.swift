import Foundation
import Testing
import TmuxHarness

/// Recording an assertion in the real monitor: step a scenario, press `A`, Enter, save the
/// session, and `stagemon test` passes the saved file — the QA workflow end to end.
extension MonitorEndToEndTests {
  @Test func anAssertionRecordedInTheMonitorPassesStagemonTest() throws {
    let session = try joinedStage()
    try session.send("A")
    try expect(session, shows: "Enter adds to the session")
    try session.send("Enter")
    try expect(session, shows: "assertion(s) to the session (0 failed)")
    let saved = try StagemonBinary.temporaryDirectory().appendingPathComponent("asserted.json")
    try session.send(":")
    try session.type("save-scenario \(saved.path)")
    try session.send("Enter")
    try expect(session, shows: "asserted.json", seconds: 15)
    try session.send("q")
    try expect(session, shows: "[exit 0]")
    let result = try StagemonBinary.run(["test", saved.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("ok    \(saved.path)"))
    #expect(result.stdout.contains(" 0 failed (1 file)"))
  }
}
