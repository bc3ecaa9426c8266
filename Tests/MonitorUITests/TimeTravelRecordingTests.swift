import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Recording after time travel (#30 §4, §8): `b`, `:goto` and `f` keep every assertion's ✔ or ✘
/// line with its step, and a session stepped to the end, taken back with `:goto`, given
/// assertions and stepped to the end again is numbered as its saved scenario numbers it — the
/// header, the footer, the status line, the log's verdicts, the saved log and a headless replay
/// of the saved scenario all agree.
@Suite struct TimeTravelRecordingTests {
  /// `mute.json` opened as `stagemon FILE` opens it, saving logs to `folder`.
  static func mute(savingTo folder: String = FileManager.default.temporaryDirectory.path) throws
    -> AppController
  {
    let path = ScriptFirstTests.repository.appendingPathComponent("Scenarios/mute.json").path
    let controller = AppController(
      setup: try MonitorSetup.file(path), themes: ThemeCatalog(themes: [Fixture.theme]),
      theme: Fixture.theme, options: MonitorOptions(saveDirectory: folder))
    controller.waitForAlignment()
    return controller
  }

  /// Every line the log shows, as a person reads it.
  static func log(_ controller: AppController) -> [String] {
    controller.state.log.visibleLines().map { "\($0.time) \($0.source) \($0.name) \($0.subject)" }
  }

  /// The log's ✔ and ✘ lines.
  static func verdicts(_ controller: AppController) -> [String] {
    controller.state.log.visibleLines().map(\.subject).filter {
      $0.hasPrefix("✔ ") || $0.hasPrefix("✘ ")
    }
  }

  /// The verdict lines `results` should show.
  static func verdicts(of results: [ExpectationResult]) -> [String] {
    results.map { result in
      result.passed
        ? "✔ step \(result.step): \(result.name)"
        : "✘ step \(result.step): \(result.name) — \(result.failures.count) failed"
    }
  }

  /// The header's step counter and the counters of the footer's `n` and the status line.
  static func counters(_ controller: AppController) -> (
    header: String, footer: String, next: String
  ) {
    let header = TimelineHeaderTests.header(controller, width: 120)
    let footer = FooterView.hints(controller.state).first { $0.action == .nextStep }?.label ?? ""
    let next = StatusBarView.nextLine(controller.state)?.map(\.text).joined() ?? ""
    return (header, footer, next)
  }

  /// JSON lines without their `seq` (which `run --compare` ignores too).
  static func withoutSeq(_ lines: [String]) -> [String] {
    lines.map { $0.replacing(/"seq":\d+,/, with: "") }
  }

  @Test func backGotoAndForwardKeepEachVerdictLineWithItsStep() throws {
    let controller = try Self.mute()
    var seen = [Self.log(controller)]
    while !controller.state.runner.isFinished {
      controller.handle(.character("n"))
      seen.append(Self.log(controller))
    }
    let steps = controller.state.runner.history.count
    #expect(Self.verdicts(controller).count == 4, "mute.json's four assertions: \(seen[steps])")
    func expectLog(
      at step: Int, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(
        controller.state.runner.history.count == step, comment, sourceLocation: sourceLocation)
      #expect(Self.log(controller) == seen[step], comment, sourceLocation: sourceLocation)
    }
    controller.handle(.character("b"))
    expectLog(at: steps - 1, "b")
    RecordingTests.command("goto 7", controller)
    expectLog(at: 7, ":goto 7")
    #expect(Self.verdicts(controller).count == 1)
    controller.handle(.character("f"))
    expectLog(at: 8, "f")
    RecordingTests.command("goto 3", controller)
    expectLog(at: 3, ":goto 3 (from a checkpoint further back)")
    RecordingTests.command("goto \(steps)", controller)
    expectLog(at: steps, ":goto the end again")
  }

  @Test func aSessionRecordedAfterGotoIsNumberedAsItsSavedScenarioAndItsReplay() throws {
    let folder = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let controller = try Self.mute(savingTo: folder)
    ScriptFirstTests.stepThrough(controller)
    let script = controller.state.runner.history.count
    RecordingTests.command("goto 4", controller)
    controller.handle(.character("A"))
    controller.handle(.enter)
    controller.handle(.character("A"))
    let length = controller.state.input?.text.count ?? 0
    for _ in 0..<length { controller.handle(.backspace) }
    controller.handle(
      .paste(Paste(#"{"expect": {"participant": "host", "connection": "disconnected"}}"#)))
    controller.handle(.enter)
    let recorded = controller.state.runner.history.count - 4
    #expect(recorded >= 3, "the captured assertions and the failing one")
    let done = 4 + recorded
    let total = script + recorded
    let counters = Self.counters(controller)
    #expect(counters.header.contains("step \(done)/\(total)"), "\(counters.header)")
    #expect(counters.footer.hasSuffix(" \(done + 1)/\(total)"), "\(counters.footer)")
    #expect(counters.next.hasSuffix("(step \(done + 1)/\(total))"), "\(counters.next)")

    ScriptFirstTests.stepThrough(controller)
    #expect(Self.counters(controller).header.contains("step \(total)/\(total)"))
    let results = controller.state.runner.expectationResults
    // The recorded assertions are steps 5…; the script's (6, 8, 10, 12 in the file) follow them.
    #expect(results.map(\.step) == Array(5...done) + [6, 8, 10, 12].map { $0 + recorded })
    #expect(Self.verdicts(controller) == Self.verdicts(of: results))
    #expect(results.contains { !$0.passed } && results.contains(where: \.passed))

    controller.handle(.character("s"))
    #expect(controller.state.status?.kind == .success, "\(controller.state.status?.text ?? "")")
    let logs = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".jsonl")
    }
    let savedLog = try #require(logs.first.map { folder + "/" + $0 })
    let logLines = try String(contentsOfFile: savedLog, encoding: .utf8)
      .split(separator: "\n").map(String.init)

    let path = folder + "/session.json"
    RecordingTests.command("save-scenario \(path)", controller)
    #expect(controller.state.status?.kind == .success, "\(controller.state.status?.text ?? "")")
    let replay = try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: path)
    var events: [StageEvent] = []
    try replay.run { events += $0 }
    #expect(replay.history.count == total)
    #expect(Self.verdicts(of: replay.expectationResults) == Self.verdicts(of: results))
    #expect(Self.withoutSeq(logLines) == Self.withoutSeq(RecordingTests.lines(events)))
  }
}
