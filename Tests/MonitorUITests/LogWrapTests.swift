import Foundation
import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// A log line that wraps keeps every character of its subject: rendered at every width from 60
/// to 200 columns, its rows joined back give the subject again (the spaces where a row broke
/// aside), with no ellipsis.
@Suite struct LogWrapTests {
  static let subjects = [
    "viewer-web remote=guest",
    "guest → stale user_id=bob {order=2} ≠ truth user_id=bob {featured=true, order=0}"
      + " reason=web@1.32.0 has no participantMetadataDidUpdate: sees it on republish",
    "attributes=" + String(repeating: "eyJhbGciOiJFUzM4NCJ9", count: 12),
    "host user_id=alice {featured=true, order=1, title=a stage title long enough to wrap twice"
      + " at the narrowest width the log is drawn at}",
  ]

  static func log() -> LogBuffer {
    var log = LogBuffer(capacity: 100)
    for (index, subject) in subjects.enumerated() {
      log.append(
        LogLine(
          second: 1_767_268_800 + Int64(index), source: "client", sourceRole: .text,
          name: index == 0 ? "STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED" : "beliefChanged",
          subject: subject, category: .of(.beliefChanged)))
    }
    return log
  }

  @Test(arguments: stride(from: 60, through: 200, by: 7).map { $0 } + [80, 200])
  func wrappedSubjectsKeepEveryCharacter(width: Int) throws {
    var state = try Fixture.demo().state
    state.log = Self.log()
    let rect = Rect(width: width, height: 40)
    var grid = CellGrid(width: width, height: 40)
    LogView.render(state, in: rect, into: &grid)
    let inner = rect.inset(by: 1)
    let placed = LogView.placement(state.log, bottomOffset: 0, in: inner, ellipsis: "…").lines
    #expect(placed.count == Self.subjects.count)
    for line in placed {
      #expect(line.isWhole)
      let rows = (0..<line.rows.count).map { row(grid, y: line.top + $0, in: inner) }
      let shown = rows.joined().filter { !$0.isWhitespace }
      let event = (line.line.name + line.line.subject).filter { !$0.isWhitespace }
      #expect(!shown.contains("…"), "\(width): \(rows)")
      // The head (time, symbol, source) comes first, then the name and the subject whole.
      #expect(shown.hasSuffix(event), "\(width) columns: \(rows)")
      #expect(shown.hasPrefix("12:00:0"), "\(rows)")
    }
  }

  private func row(_ grid: CellGrid, y: Int, in inner: Rect) -> String {
    (inner.x..<inner.maxX).compactMap { grid.cell(x: $0, y: y)?.symbol }.joined()
  }

  /// At 80×24 and 100×30, at every step of the demo (today's story and 2025's), the log —
  /// whenever it is on screen — shows its newest event whole: never its top with its end cut.
  @Test(arguments: [(80, 24), (100, 30)])
  func theNewestEventIsWholeAtEveryStep(width: Int, height: Int) throws {
    for controller in [try Fixture.demo(), try Fixture.demoOnReconnect()] {
      let size = TerminalSize(width: width, height: height)
      controller.screenResized(to: size)
      while true {
        let state = controller.state
        let layout = try #require(Screen.layout(state, size: size))
        if !layout.hidden.contains(.log) {
          let inner = layout.log.inset(by: 1)
          let placed = LogView.placement(state.log, bottomOffset: 0, in: inner, ellipsis: "…")
          let newest = try #require(placed.lines.last)
          #expect(
            newest.isWhole,
            "step \(state.script.done) at \(width)×\(height): \(newest.line.subject)")
        }
        guard state.script.done < state.script.total else { break }
        controller.perform(.nextStep)
      }
    }
  }

  /// The log pane of the opening screen at 100×30 and 80×24 when the newest event wraps six
  /// rows (a long attribute list): at 100×30 its last rows are that event, whole, from its head
  /// to the end of its subject; at 80×24, where who sees what leaves fewer rows, the log gives
  /// way rather than show the event's top alone.
  @Test(arguments: [(100, 30), (80, 24)])
  func aWrappedNewestEventIsOnScreenWholeOrTheLogGivesWay(width: Int, height: Int) throws {
    var state = try Fixture.demo().state
    state.log = Self.log()
    var grid = CellGrid(width: width, height: height)
    Screen.render(state, into: &grid)
    let rows = Fixture.text(grid)
    guard width == 100 else {
      #expect(!rows.contains { $0.hasPrefix("┌ Events") }, "\(rows.joined(separator: "\n"))")
      #expect(rows.contains { $0.hasPrefix("┌ Detail: host") })
      return
    }
    let top = try #require(rows.firstIndex { $0.hasPrefix("┌ Events") }, "\(rows)")
    #expect(
      Array(rows[top...].prefix(8)) == [
        "┌ Events 4 ────────────────────────────────────────────────────────────────────────────────────────┐",
        "│12:00:03 ≠ client         beliefChanged                             host user_id=alice            │",
        "│                                                                    {featured=true, order=1,      │",
        "│                                                                    title=a stage title long      │",
        "│                                                                    enough to wrap twice at the   │",
        "│                                                                    narrowest width the log is    │",
        "│                                                                    drawn at}                     │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────┘",
      ])
  }
}
