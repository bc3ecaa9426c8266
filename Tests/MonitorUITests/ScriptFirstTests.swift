import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The script comes first in the monitor: stepping a bundled scenario with `n`, or playing it,
/// runs its scripted answers exactly as the headless run does, and every step number a person
/// reads is the same 1-based one.
@Suite struct ScriptFirstTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func controller(_ name: String) throws -> AppController {
    try Fixture.controller(scenarioAt: repository.appendingPathComponent(name).path)
  }

  /// Presses `n` until the script is finished (at most `limit` times).
  static func stepThrough(_ controller: AppController, limit: Int = 200) {
    var pressed = 0
    while !controller.state.runner.isFinished, pressed < limit {
      controller.handle(.character("n"))
      pressed += 1
    }
  }

  @Test func steppingWithNAgreesWithTheHeadlessRunOnEveryExpectation() throws {
    let controller = try Self.controller("Scenarios/cohost-upgrade.json")
    Self.stepThrough(controller)
    #expect(controller.state.runner.isFinished)
    #expect(controller.state.runner.expectationFailures.isEmpty)
    #expect(controller.state.runner.expectationCheckCount > 0)
  }

  static let bundled: [String] =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: repository.appendingPathComponent("Scenarios").path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/\($0)" }

  @Test(arguments: bundled)
  func everyBundledScenarioSteppedWithNAgreesWithItsHeadlessRun(name: String) throws {
    let path = Self.repository.appendingPathComponent(name).path
    let headless = try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: path)
    try headless.run { _ in }
    let controller = try Fixture.controller(scenarioAt: path)
    Self.stepThrough(controller)
    let monitor = controller.state.runner
    #expect(monitor.isFinished)
    #expect(monitor.expectationFailures == headless.expectationFailures)
    #expect(monitor.expectationCheckCount == headless.expectationCheckCount)
  }

  @Test func playingRunsThroughAQuestionTheScriptAnswers() throws {
    let setup = try MonitorSetup.file(
      Self.repository.appendingPathComponent("Scenarios/cohost-upgrade.json").path)
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions(playSpeed: 1000))
    var now = Duration.zero
    while controller.isPlaying, now < .seconds(600) {
      now += .milliseconds(50)
      controller.playTick(at: now)
    }
    #expect(controller.state.runner.isFinished)
    #expect(controller.state.runner.expectationFailures.isEmpty)
  }

  @Test func anExpectStepInTheMonitorShowsItsVerdictInTheLogAndHeader() throws {
    let folder = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/x.json"
    try """
    { "participants": [{ "id": "host", "capabilities": ["subscribe"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "connection": "connected" } },
                { "expect": { "participant": "host", "publish": "published" } }] }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let controller = try Fixture.controller(scenarioAt: path)
    Self.stepThrough(controller)
    let log = controller.state.log.visibleLines().map { "\($0.name) \($0.subject)" }
    #expect(log.contains { $0.contains("✔") && $0.contains("step 2") })
    #expect(log.contains { $0.contains("✘") && $0.contains("step 3") })
    let grid = Fixture.render(width: 120, height: 1) { rect, grid in
      HeaderView.render(controller.state, in: rect, into: &grid)
    }
    #expect(Fixture.text(grid)[0].contains("1 failed"))
  }

  @Test func theFooterAndTheStatusLineNameTheSameNextStep() throws {
    let controller = try Self.controller("Scenarios/mute.json")
    for _ in 0..<3 { controller.handle(.character("n")) }
    let hint = FooterView.hints(controller.state).first { $0.action == .nextStep }
    #expect(hint?.label.hasSuffix(" 4/\(controller.state.script.total)") == true)
    var state = controller.state
    state.status = nil
    let grid = Fixture.render(width: 160, height: 3) { rect, grid in
      StatusBarView.render(state, hint: "", in: rect, into: &grid)
    }
    let status = Fixture.text(grid).joined(separator: " ")
    #expect(status.contains("(step 4/\(controller.state.script.total))"))
  }

  @Test func gotoGoesForwardRunningTheScript() throws {
    let controller = try Self.controller("Scenarios/mute.json")
    RecordingTests.command("goto 5", controller)
    #expect(controller.state.status?.kind != .error, "\(controller.state.status?.text ?? "")")
    #expect(controller.state.runner.history.count == 5)
    #expect(controller.state.script.done == 5)
  }
}
