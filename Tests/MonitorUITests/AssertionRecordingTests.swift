import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Recording assertions in the monitor: `A` opens the input line on `expect` steps that hold
/// now for the selected participant, Enter adds them to the session, Esc cancels, and the
/// session saved with `:save-scenario` replays with every one of them holding.
@Suite struct AssertionRecordingTests {
  static func steppedMute() throws -> AppController {
    let controller = try ScriptFirstTests.controller("Scenarios/mute.json")
    for _ in 0..<5 { controller.handle(.character("n")) }
    return controller
  }

  @Test func theKeyShowsTheCapturedAssertionsForEditingFirst() throws {
    let controller = try Self.steppedMute()
    let id = try #require(controller.state.selectedParticipant?.id)
    let before = controller.state.runner.history.count
    controller.handle(.character("A"))
    let input = try #require(controller.state.input)
    #expect(input.purpose == .expectation)
    #expect(input.text.contains(#"{"expect":{"participant":"\#(id)","connection":"#))
    #expect(input.text.contains(#""sees":"\#(id)","as":"#))
    controller.handle(.escape)
    #expect(controller.state.input == nil)
    #expect(controller.state.runner.history.count == before)
  }

  @Test func enterAddsThemAndTheSavedScenarioPassesOnReplay() throws {
    let controller = try Self.steppedMute()
    let before = controller.state.runner.history.count
    controller.handle(.character("A"))
    controller.handle(.enter)
    #expect(controller.state.status?.kind == .success, "\(controller.state.status?.text ?? "")")
    let added = controller.state.runner.history.count - before
    #expect(added >= 2)
    let log = controller.state.log.visibleLines().map(\.subject)
    #expect(log.filter { $0.hasPrefix("✔ step") }.count >= added)
    let folder = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/asserted.json"
    RecordingTests.command("save-scenario \(path)", controller)
    let runner = try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: path)
    try runner.run { _ in }
    #expect(runner.expectationFailures.isEmpty, "\(runner.expectationFailures)")
    #expect(runner.expectationResults.count >= added)
  }

  @Test func anEditedAssertionThatDoesNotHoldFailsVisibly() throws {
    let controller = try Self.steppedMute()
    let id = try #require(controller.state.selectedParticipant?.id)
    controller.handle(.character("A"))
    let length = controller.state.input?.text.count ?? 0
    for _ in 0..<length { controller.handle(.backspace) }
    controller.handle(
      .paste(Paste(#"{"expect": {"participant": "\#(id)", "connection": "disconnected"}}"#)))
    controller.handle(.enter)
    #expect(controller.state.status?.kind == .warning)
    #expect(controller.state.log.visibleLines().last?.subject.hasPrefix("✘ step") == true)
    #expect(controller.state.runner.expectationFailures.count == 1)
  }

  @Test func aMistakeKeepsTheTextAndRunsNothing() throws {
    let controller = try Self.steppedMute()
    let before = controller.state.runner.history.count
    controller.handle(.character("A"))
    Fixture.type("x", into: controller)
    controller.handle(.enter)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.input?.purpose == .expectation)
    #expect(controller.state.runner.history.count == before)
  }
}
