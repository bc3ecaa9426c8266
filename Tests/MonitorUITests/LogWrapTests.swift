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

  static func text(_ row: LogView.Row) -> String {
    row.spans.map(\.text).joined()
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

  /// #30: a line the pane's edge cuts never passes for a whole one. At every height and
  /// scroll of the log, only the line at the top (or, scrolled up to the oldest, at the
  /// bottom) may be cut, and then the row on that edge is a marker naming it and counting its
  /// hidden rows, and its other rows are its own continuations, never a head of their own.
  @Test(arguments: [60, 100])
  func aCutLineShowsAMarkerOnTheEdgeThatCutsIt(width: Int) throws {
    let log = try Fixture.demoOnReconnect(steps: 3).state.log
    var cuts = (top: 0, bottom: 0)
    for height in 1...16 {
      let inner = Rect(x: 1, y: 1, width: width - 2, height: height)
      for scroll in 0..<log.visibleCount {
        let lines = LogView.placement(log, bottomOffset: scroll, in: inner, ellipsis: "…").lines
        let at = "\(width)×\(height) scrolled \(scroll)"
        for (index, placed) in lines.enumerated() where !placed.isWhole {
          let first = placed.rows.first.map(Self.text) ?? ""
          let last = placed.rows.last.map(Self.text) ?? ""
          let atTop = first.hasPrefix("↑ ")
          if atTop {
            #expect(index == 0 && placed.top == inner.y, "\(at): \(first)")
          } else {
            #expect(last.hasPrefix("↓ "), "\(at): cut without a marker: \(first) … \(last)")
            #expect(index == lines.count - 1 && placed.top + placed.rows.count == inner.maxY)
          }
          let line = placed.line
          let who = line.observer.isEmpty ? line.source : line.observer
          #expect((atTop ? first : last).hasSuffix(" of \(line.time) \(who) \(line.name)"))
          let marker = try #require(atTop ? placed.rows.first : placed.rows.last)
          #expect(!marker.isContinuation)
          // Below a top marker only continuations; above a bottom one the head, then those.
          let others = atTop ? placed.rows.dropFirst() : placed.rows.dropLast().dropFirst()
          #expect(others.allSatisfy { $0.isContinuation }, "\(at): a head among a line's rows")
          if atTop { cuts.top += 1 } else { cuts.bottom += 1 }
        }
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.isWhole }, "\(at)")
      }
    }
    #expect(cuts.top > 0 && cuts.bottom > 0, "both edges were tried: \(cuts)")
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
