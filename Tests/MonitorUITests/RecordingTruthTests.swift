import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// What the monitor says about a session matches what it writes and what `stagemon test`
/// counts: `s` reports the events it wrote (✔ lines are not events), the header's ✘ counts
/// assertions as `test` does (not their statements), and `A` captures a composition's belief
/// too, STALE included.
@Suite struct RecordingTruthTests {
  static func controller(_ name: String, saveDirectory: String = ".") throws -> AppController {
    let theme = Theme(name: "dark", styles: [:])
    let controller = AppController(
      setup: try MonitorSetup.file(ScriptFirstTests.repository.appendingPathComponent(name).path),
      themes: ThemeCatalog(themes: [theme]), theme: theme,
      options: MonitorOptions(saveDirectory: saveDirectory))
    controller.waitForAlignment()
    return controller
  }

  @Test func savingTheLogReportsTheEventsItWrote() throws {
    let directory = try RecordingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let controller = try Self.controller("Scenarios/mute.json", saveDirectory: directory)
    for _ in 0..<5 { controller.handle(.character("n")) }
    controller.handle(.character("A"))
    controller.handle(.enter)
    #expect(controller.state.log.visibleLines().contains { $0.event == nil })
    controller.handle(.character("s"))
    let status = try #require(controller.state.status?.text)
    let path = try #require(status.components(separatedBy: " to ").last)
    let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    #expect(status.hasPrefix("saved \(written) events to "), "\(status)")
  }

  @Test func theHeaderCountsFailedAssertionsNotStatements() throws {
    let controller = try Self.controller("Scenarios/mute.json")
    for _ in 0..<5 { controller.handle(.character("n")) }
    let id = try #require(controller.state.selectedParticipant?.id)
    controller.handle(.character("A"))
    let length = controller.state.input?.text.count ?? 0
    for _ in 0..<length { controller.handle(.backspace) }
    controller.handle(
      .paste(
        Paste(
          #"{"expect": {"participant": "\#(id)", "connection": "disconnected", "publish": "attemptingPublish"}}"#
        )))
    controller.handle(.enter)
    #expect(controller.state.runner.expectationFailures.count == 2)
    var grid = CellGrid(width: 160, height: 40)
    Screen.render(controller.state, into: &grid)
    let screen = grid.text(trimmingTrailingSpaces: true).joined(separator: "\n")
    #expect(screen.contains("✘ 1 failed"), "\(screen)")
  }
}
