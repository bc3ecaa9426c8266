import Foundation
import Testing
import TmuxHarness

/// Recording after time travel in the real binary (#30 §4): step a scenario to the end, `:goto
/// 4`, record assertions, step to the end, save the log (`s`) and the session
/// (`:save-scenario`). The header and the footer count the session's steps alike, and the saved
/// scenario, `stagemon test`, its headless replay and the saved log agree on every step.
extension MonitorEndToEndTests {
  @Test func aSessionRecordedAfterGotoReplaysAsTheMonitorNumberedIt() throws {
    let dir = try StagemonBinary.temporaryDirectory()
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = dir.appendingPathComponent("mute.json")
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("Scenarios/mute.json"), to: scenario)
    // Run from `dir`, where `s` saves the log.
    let session = try TmuxSession([
      "/bin/sh", "-c", "cd \"$0\" && exec \"$1\" \"$2\"", dir.path, StagemonBinary.url.path,
      scenario.path,
    ])
    try expect(session, shows: "Participants")
    for _ in 0..<12 { try session.send("n") }
    try expect(session, shows: "step 12/12", seconds: 20)
    try session.send(":")
    try session.type("goto 4")
    try session.send("Enter")
    try expect(session, shows: "step 4/12")
    try session.send("A")
    try expect(session, shows: "Enter adds to the session")
    try session.send("Enter")
    var added = 0
    try expect(session, "the assertions are added and counted") { screen in
      guard
        let match = screen.firstMatch(of: /added (\d+) assertion\(s\) to the session \(0 failed\)/),
        let count = Int(match.1)
      else { return false }
      added = count
      return true
    }
    let (done, total) = (4 + added, 12 + added)
    try expect(session, "header and footer count the session's steps") {
      $0.contains("step \(done)/\(total)") && $0.contains("next step \(done + 1)/\(total)")
    }
    for _ in 0..<8 { try session.send("n") }
    try expect(session, "the script's last assertion is the session's step \(total)") {
      $0.contains("step \(total)/\(total)") && $0.contains("✔ step \(total): ")
    }
    try session.send("s")
    try expect(session, shows: "saved ")
    try session.send(":")
    try session.type("save-scenario session.json")
    try session.send("Enter")
    try expect(session, shows: "session.json", seconds: 15)
    try session.send("q")
    try expect(session, shows: "[exit 0]")

    let saved = dir.appendingPathComponent("session.json").path
    let steps = Array(5...done) + [6, 8, 10, 12].map { $0 + added }
    let listed = try StagemonBinary.run(["test", saved, "--list"])
    let numbers = listed.stdout.matches(of: /::step (\d+):/).compactMap { Int($0.1) }
    #expect(numbers == steps, "\(listed.stdout)")
    let tested = try StagemonBinary.run(["test", saved])
    #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
    #expect(
      tested.stdout.contains("ok    \(saved) (\(steps.count) assertions)"), "\(tested.stdout)")
    let headless = try StagemonBinary.run(["run", saved, "--headless"])
    #expect(headless.status == 0, "\(headless.stderr)")
    let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".jsonl")
    }
    #expect(logs.count == 1, "\(logs)")
    let log = dir.appendingPathComponent(logs.first ?? "none.jsonl").path
    let compared = try StagemonBinary.run(["run", saved, "--compare", log])
    #expect(compared.status == 0, "\(compared.stdout)\(compared.stderr)")
  }
}
