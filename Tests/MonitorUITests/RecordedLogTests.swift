import Foundation
import StageEngine
import Testing

@testable import MonitorUI

/// An imported scenario's recorded events in the log beside the model's, marked where they
/// disagree, released as the user steps.
@Suite struct RecordedLogTests {
  /// host joins and publishes at once (strategy publish=always); the records hold a
  /// PUBLISH_STOPPED at 0:30 the model never produces there, and lack the model's LEFT and
  /// PUBLISH_STOPPED at 1:00 (divergences both ways).
  static let scenario = """
    {"start": "2026-01-01T12:00:00Z",
     "notes": ["SDK guessed for 1 participant(s): host: ios@1.37.0", "host: strategy publish=always"],
     "participants": [{"id": "host", "capabilities": ["publish", "subscribe"]}],
     "steps": [{"join": "host"}, {"advance": "60s"}, {"leave": "host"}],
     "recorded": [
       {"name": "JOINED", "participantId": "host", "eventTime": "2026-01-01T12:00:00.300Z"},
       {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-01-01T12:00:00.800Z"},
       {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-01-01T12:00:30Z"}]}
    """

  static func controller() throws -> AppController {
    let path = NSTemporaryDirectory() + "stagemon-recorded-\(UUID().uuidString).json"
    try scenario.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Fixture.controller(scenarioAt: path)
  }

  static func recordedLines(_ controller: AppController) -> [LogLine] {
    controller.state.log.visibleLines().filter { $0.source == "recorded" }
  }

  static func step(_ controller: AppController, times: Int) {
    for _ in 0..<times { controller.perform(.nextStep) }
  }

  @Test func recordedEventsAppearWhenTheModelReachesTheirTime() throws {
    let controller = try Self.controller()
    #expect(Self.recordedLines(controller).isEmpty)
    Self.step(controller, times: 1)
    #expect(Self.recordedLines(controller).map(\.name) == ["JOINED", "PUBLISH_STARTED"])
    #expect(Self.recordedLines(controller).allSatisfy { $0.subject.contains("= model seq") })
    Self.step(controller, times: 1)
    #expect(Self.recordedLines(controller).map(\.name).last == "PUBLISH_STOPPED")
    #expect(Self.recordedLines(controller).allSatisfy { $0.sourceRole == .recorded })
  }

  @Test func aRecordedEventWithoutModelCounterpartIsMarked() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    let stopped = Self.recordedLines(controller).first { $0.name == "PUBLISH_STOPPED" }
    #expect(stopped?.subject.contains("DIVERGES: no model event within 5s") == true)
    #expect(stopped?.category.role == .warning)
    let joined = Self.recordedLines(controller).first { $0.name == "JOINED" }
    #expect(joined?.category.role == .recorded)
  }

  @Test func aModelledServerEventWithoutRecordIsMarked() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    #expect(!Self.recordedLines(controller).contains { $0.subject.contains("not in the records") })
    Self.step(controller, times: 1)
    let marked = Self.recordedLines(controller).filter {
      $0.subject.contains("DIVERGES: modelled") && $0.subject.contains("not in the records")
    }
    #expect(Set(marked.map(\.name)) == ["LEFT", "PUBLISH_STOPPED"])
    #expect(marked.allSatisfy { $0.category.role == .warning && $0.time == "12:01:00" })
  }

  @Test func theFilterFindsRecordedLines() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    controller.state.log.setFilter("diverges")
    #expect(controller.state.log.visibleLines().map(\.name) == ["PUBLISH_STOPPED"])
    controller.state.log.setFilter("recorded")
    #expect(controller.state.log.visibleLines().count == 3)
  }

  @Test func theLogPaneShowsTheRecordedSourceAndMark() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    let grid = Fixture.render(width: 160, height: 20) { rect, grid in
      LogView.render(controller.state, in: rect, into: &grid)
    }
    let text = Fixture.text(grid).joined(separator: "\n")
    #expect(text.contains("recorded"))
    #expect(text.contains("✗"))
  }

  @Test func theHelpListsTheImportNotesInFull() throws {
    let controller = try Self.controller()
    let help = OverlayView.helpLines(
      controller.state.keymap, ascii: false, screenWidth: 160, notes: controller.state.importNotes
    ).map { $0.map(\.text).joined() }
    #expect(help.contains { $0.contains("host: strategy publish=always") })
    #expect(help.first?.hasPrefix("Import notes") == true)
  }

  @Test func aSelectedRecordedLineCopiesTheTextTheLogShows() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    controller.handle(.backTab)
    let log = controller.state.log
    let recorded = try #require(
      (log.oldest..<log.appended).first { log.line($0)?.source == "recorded" })
    for _ in 0..<log.visibleCount where (controller.state.selectedLogLine ?? 0) > recorded {
      controller.handle(.up)
    }
    #expect(controller.state.selectedLogLine == recorded)
    controller.perform(.nextStep)
    #expect(controller.state.selectedLogLine == recorded)
    controller.handle(.character("c"))
    let text = try CopyAndScreenshotTests.copied(try #require(controller.takeSequence()))
    let line = try #require(log.line(recorded))
    #expect(text == "\(line.time) recorded \(line.name) \(line.subject)")
    #expect(controller.state.status?.text.hasPrefix("copied recorded event \(line.name)") == true)
  }
}

/// Issue 19 item 13: after `:goto`/`b` the recorded lines are those up to that moment.
extension RecordedLogTests {
  @Test func afterGoingBackTheRecordedFilterShowsOnlyRecordsUpToThatMoment() throws {
    let controller = try Self.controller()
    Self.step(controller, times: 2)
    controller.state.log.setFilter("recorded")
    #expect(
      controller.state.log.visibleLines().map(\.name) == [
        "JOINED", "PUBLISH_STARTED", "PUBLISH_STOPPED",
      ])
    controller.perform(.stepBack)
    #expect(controller.state.log.visibleLines().map(\.name) == ["JOINED", "PUBLISH_STARTED"])
    controller.travel(toStep: "0")
    #expect(controller.state.log.visibleLines().isEmpty)
    // Forward again: each record comes back once, as the clock reaches it.
    Self.step(controller, times: 2)
    #expect(
      controller.state.log.visibleLines().map(\.name) == [
        "JOINED", "PUBLISH_STARTED", "PUBLISH_STOPPED",
      ])
  }
}

/// Issue 29 item 7: `:goto` forward over steps gone back over shows what `n` shows.
extension RecordedLogTests {
  @Test func theRecordedFilterIsTheSameAfterGotoForwardAsAfterStepping() throws {
    let stepped = try Self.controller()
    Self.step(stepped, times: 2)
    stepped.state.log.setFilter("recorded")
    let travelled = try Self.controller()
    Self.step(travelled, times: 2)
    travelled.state.log.setFilter("recorded")
    travelled.travel(toStep: "0")
    travelled.travel(toStep: "2")
    #expect(
      travelled.state.log.visibleLines().map(\.name) == [
        "JOINED", "PUBLISH_STARTED", "PUBLISH_STOPPED",
      ])
    #expect(
      travelled.state.log.visibleLines().map { "\($0.name) \($0.subject)" }
        == stepped.state.log.visibleLines().map { "\($0.name) \($0.subject)" })
  }
}

/// Issue 19: the first frame does not wait for the records' alignment (a headless run).
extension RecordedLogTests {
  /// A controller on the scenario whose alignment runs only once `gate` is signalled.
  static func controller(gatedBy gate: DispatchSemaphore) throws -> AppController {
    let path = NSTemporaryDirectory() + "stagemon-recorded-\(UUID().uuidString).json"
    try scenario.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var setup = try MonitorSetup.file(path)
    let scenario = try Scenario(contentsOfFile: path)
    setup.alignment = RecordAlignment { () throws(ScenarioError) in
      gate.wait()
      guard let lines = try RecordedLines.aligning(scenario, file: path) else {
        throw ScenarioError(file: path, location: "recorded", message: "no records")
      }
      return lines
    }
    return AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
  }

  @Test func theMonitorOpensBeforeTheRecordsAreAlignedAndShowsThemWhenReady() throws {
    let gate = DispatchSemaphore(value: 0)
    let controller = try Self.controller(gatedBy: gate)
    #expect(controller.state.status?.text.hasPrefix("aligning the records with the model…") == true)
    #expect(controller.state.narration?.text.contains("note: SDK guessed") == true)
    #expect(controller.hasDeferredWork)
    Self.step(controller, times: 1)
    #expect(Self.recordedLines(controller).isEmpty)
    gate.signal()
    controller.waitForAlignment()
    // The records the clock has passed come at once.
    #expect(Self.recordedLines(controller).map(\.name) == ["JOINED", "PUBLISH_STARTED"])
    #expect(!controller.hasDeferredWork)
    Self.step(controller, times: 1)
    #expect(Self.recordedLines(controller).map(\.name).last == "PUBLISH_STOPPED")
  }

  @Test func theAligningNoticeGoesOnceAlignedAndTheOpeningStays() throws {
    let gate = DispatchSemaphore(value: 0)
    let controller = try Self.controller(gatedBy: gate)
    #expect(controller.state.status?.text == AppController.aligningText)
    gate.signal()
    controller.waitForAlignment()
    #expect(controller.state.status == nil)
    #expect(controller.state.narration?.text == controller.state.story.opening)
  }

  @Test func theIdleTickShowsTheRecordsOnceAligned() throws {
    let gate = DispatchSemaphore(value: 0)
    let controller = try Self.controller(gatedBy: gate)
    Self.step(controller, times: 2)
    gate.signal()
    while controller.hasDeferredWork { controller.tick() }
    #expect(Self.recordedLines(controller).count == 3)
  }

  @Test func anAlignmentThatFailsIsReportedOnTheStatusLine() throws {
    let path = NSTemporaryDirectory() + "stagemon-recorded-\(UUID().uuidString).json"
    try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var setup = try MonitorSetup.file(path)
    setup.alignment = RecordAlignment { () throws(ScenarioError) in
      throw ScenarioError(file: path, location: "recorded", message: "the run failed")
    }
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
    controller.waitForAlignment()
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.contains("the run failed") == true)
    #expect(Self.recordedLines(controller).isEmpty)
  }

  @Test func brokenRecordsOpenTheModelAndSayWhyThereAreNoRecordedLines() throws {
    let broken = Self.scenario.replacingOccurrences(
      of: #""eventTime": "2026-01-01T12:00:30Z""#, with: #""eventTime": "yesterday""#)
    let path = NSTemporaryDirectory() + "stagemon-recorded-\(UUID().uuidString).json"
    try broken.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let controller = try Fixture.controller(scenarioAt: path)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.contains("recorded") == true)
    Self.step(controller, times: 2)
    #expect(Self.recordedLines(controller).isEmpty)
  }
}
