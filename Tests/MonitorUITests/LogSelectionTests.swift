import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// The log's selected event: moved by the keys while the log has focus, pinned to its event
/// while events arrive, while paused and through the filter, following the newest line at the
/// bottom, painted while focused, and what `c` copies.
@Suite struct LogSelectionTests {
  /// The demo after "feature the guest" (75 events) with the log focused.
  static func focusedLog(logLines: Int = 1000) throws -> AppController {
    let controller = try Fixture.demo(steps: 3, logLines: logLines)
    controller.handle(.backTab)
    #expect(controller.state.focus == .log)
    return controller
  }

  /// The seq of the model event on log line `number`.
  static func seq(_ controller: AppController, _ number: Int?) -> Int? {
    number.flatMap { controller.state.log.line($0)?.event?.seq }
  }

  static func newest(_ controller: AppController) -> Int {
    controller.state.log.appended - 1
  }

  /// Log lines numbered 0..<count (`message` "even"/"odd" by number) in a log of `capacity`.
  static func log(_ count: Int, capacity: Int = 100) -> LogBuffer {
    var log = LogBuffer(capacity: capacity)
    for seq in 0..<count {
      var event = StageEvent(source: .runner, kind: .step, seq: seq)
      event.message = seq.isMultiple(of: 2) ? "even" : "odd"
      log.append(event)
    }
    return log
  }

  @Test(
    "offset of the first visible line at or after a number",
    arguments: [
      // (lines, capacity, filter, paused at, number, expected offset)
      (10, 100, "", nil, 9, 0), (10, 100, "", nil, 7, 2), (10, 100, "", nil, 0, 9),
      (10, 100, "", nil, 99, 0), (10, 4, "", nil, 2, 3), (10, 4, "", nil, 6, 3),
      (10, 100, "even", nil, 8, 0), (10, 100, "even", nil, 7, 0), (10, 100, "even", nil, 3, 2),
      (10, 100, "even", nil, 0, 4), (10, 6, "even", nil, 1, 2),
      (10, 100, "", 6, 9, 0), (10, 100, "", 6, 5, 0), (10, 100, "", 6, 3, 2),
      (10, 100, "even", 6, 9, 0), (10, 100, "even", 6, 1, 1),
    ] as [(Int, Int, String, Int?, Int, Int)])
  func offsetFromEnd(
    lines: Int, capacity: Int, filter: String, pausedAt: Int?, number: Int, expected: Int
  ) {
    var log = Self.log(pausedAt ?? lines, capacity: capacity)
    if pausedAt != nil {
      log.pause()
      for seq in (pausedAt ?? lines)..<lines {
        log.append(StageEvent(source: .runner, kind: .step, seq: seq))
      }
    }
    log.setFilter(filter)
    #expect(log.offsetFromEnd(ofFirstAtOrAfter: number) == expected)
  }

  @Test func nothingVisibleHasNoOffset() {
    var log = Self.log(5)
    log.setFilter("nowhere")
    #expect(log.offsetFromEnd(ofFirstAtOrAfter: 3) == nil)
    #expect(LogBuffer(capacity: 3).offsetFromEnd(ofFirstAtOrAfter: 0) == nil)
  }

  @Test func upSelectsOlderEventsAndDownAtTheBottomFollowsAgain() throws {
    let controller = try Self.focusedLog()
    let newest = Self.newest(controller)
    #expect(controller.state.selectedLogLine == newest)
    #expect(controller.state.logSelected == nil)
    controller.handle(.up)
    controller.handle(.character("k"))
    #expect(controller.state.selectedLogLine == newest - 2)
    #expect(controller.state.logSelected == newest - 2)
    controller.handle(.down)
    controller.handle(.down)
    #expect(controller.state.logSelected == nil)
    controller.perform(.nextStep)
    #expect(controller.state.selectedLogLine == Self.newest(controller))
    #expect(Self.newest(controller) > newest)
  }

  @Test func thePinnedEventStaysSelectedWhileEventsArrive() throws {
    let controller = try Self.focusedLog()
    for _ in 0..<3 { controller.handle(.up) }
    let pinned = try #require(Self.seq(controller, controller.state.selectedLogLine))
    let before = controller.state.log.appended
    controller.perform(.nextStep)
    #expect(controller.state.log.appended > before)
    #expect(Self.seq(controller, controller.state.selectedLogLine) == pinned)
    // The view moved with it (and on, if it takes more rows at the bottom now): the selected
    // line is still drawn, whole.
    #expect(controller.state.logScroll >= controller.state.log.appended - before)
    let inner = try Self.logInner(controller)
    let placed = LogView.placement(
      controller.state.log, bottomOffset: controller.state.logScroll, in: inner, ellipsis: "…"
    ).lines.first { $0.number == controller.state.selectedLogLine }
    #expect(placed?.isWhole == true)
  }

  @Test func theSelectionStaysWhilePausedAndResumingFollowsTheNewest() throws {
    let controller = try Self.focusedLog()
    controller.handle(.character(" "))
    #expect(controller.state.log.isPaused)
    controller.handle(.up)
    let pinned = controller.state.selectedLogLine
    controller.perform(.nextStep)
    controller.perform(.nextStep)
    #expect(controller.state.selectedLogLine == pinned)
    #expect(controller.state.log.newSincePause > 0)
    controller.handle(.character(" "))
    #expect(controller.state.selectedLogLine == Self.newest(controller))
    #expect(controller.state.logScroll == 0)
  }

  @Test func theFilterKeepsAMatchingSelectionAndOtherwiseTakesTheNextNewerMatch() throws {
    let controller = try Self.focusedLog()
    let log = controller.state.log
    let beliefs = (log.oldest..<log.appended).filter { log.line($0)?.name == "beliefChanged" }
    let tokenLine = try #require(
      (log.oldest..<log.appended).last { log.line($0)?.name == "TOKEN_EXCHANGED" })
    for _ in 0..<(Self.newest(controller) - tokenLine) { controller.handle(.up) }
    #expect(controller.state.selectedLogLine == tokenLine)
    controller.perform(.filter)
    Fixture.type("token_exchanged", into: controller)
    controller.handle(.enter)
    #expect(controller.state.selectedLogLine == tokenLine)
    controller.perform(.filter)
    for _ in 0..<"token_exchanged".count { controller.handle(.backspace) }
    Fixture.type("beliefchanged", into: controller)
    controller.handle(.enter)
    #expect(controller.state.selectedLogLine == beliefs.first { $0 > tokenLine })
    controller.handle(.escape)
    #expect(controller.state.log.filter.isEmpty)
    #expect(controller.state.selectedLogLine == beliefs.first { $0 > tokenLine })
  }

  @Test func homeSelectsTheOldestKeptLineAndTheViewShowsIt() throws {
    let controller = try Self.focusedLog()
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    controller.handle(.home)
    loop.drawFrame()
    let oldest = controller.state.log.oldest
    #expect(controller.state.selectedLogLine == oldest)
    let rows = try Self.paintedRows(controller)
    let line = try #require(controller.state.log.line(oldest))
    let text = try #require(rows.first.map { backend.screen.text()[$0] })
    #expect(text.contains(line.name) && text.contains(line.subject.prefix(20)))
    controller.handle(.end)
    #expect(controller.state.logSelected == nil)
    #expect(controller.state.logScroll == 0)
  }

  @Test func aSelectionWhoseLineDropsOffTheRingMovesToTheOldestKept() throws {
    let controller = try Self.focusedLog(logLines: 40)
    controller.handle(.home)
    let first = controller.state.log.oldest
    controller.perform(.nextStep)
    let log = controller.state.log
    #expect(log.oldest > first)
    #expect(controller.state.selectedLogLine == log.oldest)
    #expect(controller.state.logScroll <= log.visibleCount - 1)
  }

  @Test func copySendsTheSelectedEventAsItsJSONLine() throws {
    let controller = try Self.focusedLog()
    for _ in 0..<5 { controller.handle(.up) }
    let number = try #require(controller.state.selectedLogLine)
    let event = try #require(controller.state.log.line(number)?.event)
    controller.handle(.character("c"))
    let text = try CopyAndScreenshotTests.copied(try #require(controller.takeSequence()))
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    renderer.render(event, into: &bytes)
    #expect(text + "\n" == String(decoding: bytes, as: UTF8.self))
    #expect(text.hasPrefix("{\"seq\":\(event.seq),"))
    let status = try #require(controller.state.status?.text)
    #expect(
      status.hasPrefix(
        "copied event \(event.name ?? event.kind.rawValue) (seq \(event.seq)) as JSON"))
  }

  @Test func theSelectedLineIsPaintedOnlyWhileTheLogHasFocus() throws {
    let controller = try Self.focusedLog()
    controller.handle(.up)
    let rows = try Self.paintedRows(controller)
    let grid = Self.frame(controller)
    // Every row of the selected event (it may wrap), the newest event's rows below it.
    let selected = try #require(controller.state.log.line(Self.newest(controller) - 1))
    let newest = try #require(controller.state.log.line(Self.newest(controller)))
    let first = try #require(rows.first)
    let last = try #require(rows.last)
    #expect(rows == Array(first...last))
    #expect(Fixture.text(grid)[first].contains(selected.name))
    #expect(Fixture.text(grid)[last + 1].contains(newest.name))
    controller.handle(.tab)
    #expect(try Self.paintedRows(controller).isEmpty)
  }

  /// The demo's frame at 120×40.
  static func frame(_ controller: AppController) -> CellGrid {
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(controller.state, into: &grid)
    return grid
  }

  /// The inside of the log pane at 120×40.
  static func logInner(_ controller: AppController) throws -> Rect {
    let size = TerminalSize(width: 120, height: 40)
    return try #require(Screen.layout(controller.state, size: size)).log.inset(by: 1)
  }

  /// The rows of the log pane painted in the selection style.
  static func paintedRows(_ controller: AppController) throws -> [Int] {
    let size = TerminalSize(width: 120, height: 40)
    let inner = try #require(Screen.layout(controller.state, size: size)).log.inset(by: 1)
    let grid = frame(controller)
    let selection = Fixture.theme[.selection]
    return (inner.y..<inner.maxY).filter {
      grid.style(x: inner.x, y: $0) == selection
        && grid.style(x: inner.maxX - 1, y: $0) == selection
    }
  }

  /// The rows of the log pane at `size` painted in the selection style, and that pane.
  static func paintedRows(_ controller: AppController, size: TerminalSize) throws -> (
    rows: [Int], pane: Rect, text: [String]
  ) {
    let inner = try #require(Screen.layout(controller.state, size: size)).log.inset(by: 1)
    var grid = CellGrid(width: size.width, height: size.height)
    Screen.render(controller.state, into: &grid)
    let selection = Fixture.theme[.selection]
    let rows = (inner.y..<inner.maxY).filter {
      grid.style(x: inner.x, y: $0) == selection
        && grid.style(x: inner.maxX - 1, y: $0) == selection
    }
    return (rows, inner, Fixture.text(grid))
  }

  @Test(arguments: ["a wrapping status message", "a shorter terminal"])
  func aSelectionOnTheTopRowStaysInViewWhenTheLogPaneShrinks(_ cause: String) throws {
    let controller = try Self.focusedLog()
    // Tall enough that the shrunk log pane still holds the selected line's four rows.
    var size = TerminalSize(width: 100, height: 36)
    controller.screenResized(to: size)
    controller.handle(.escape)
    for _ in 0..<60 {
      let painted = try Self.paintedRows(controller, size: size)
      if painted.rows.first == painted.pane.y { break }
      controller.handle(.up)
    }
    let before = try Self.paintedRows(controller, size: size)
    try #require(before.rows.first == before.pane.y, "\(before.text)")
    if cause == "a shorter terminal" {
      size = TerminalSize(width: 100, height: 33)
      controller.screenResized(to: size)
    } else {
      // The next step's outcome is a long message: it wraps onto more status rows.
      controller.handle(.character("n"))
    }
    let selected = try #require(controller.state.selectedLogLine)
    let after = try Self.paintedRows(controller, size: size)
    #expect(after.pane.height < before.pane.height, "\(after.text)")
    let line = try #require(controller.state.log.line(selected))
    let first = try #require(after.rows.first, "the selected line is drawn: \(after.text)")
    #expect(after.text[first].contains(line.name), "\(after.text)")
    let placed = LogView.placement(
      controller.state.log, bottomOffset: controller.state.logScroll, in: after.pane,
      ellipsis: "…"
    ).lines.first { $0.number == selected }
    #expect(placed?.isWhole == true, "the whole line, not its top: \(after.text)")
    #expect(after.rows.count == placed?.rows.count, "\(after.text)")
  }

  @Test func scrolledToTheOldestLinesTheyStartAtTheTopWithNoBlankRowsAbove() throws {
    var state = try Self.focusedLog().state
    state.logScroll = state.log.visibleCount - 2
    let grid = Fixture.render(width: 160, height: 14) { rect, grid in
      LogView.render(state, in: rect, into: &grid)
    }
    let rows = Fixture.text(grid)
    let oldest = try #require(state.log.line(state.log.oldest))
    let next = try #require(state.log.line(state.log.oldest + 1))
    #expect(rows[1].hasPrefix("│\(oldest.time)") && rows[1].contains(oldest.name), "\(rows)")
    #expect(rows[2].contains(next.name), "\(rows)")
    #expect(rows[1..<13].allSatisfy { !$0.allSatisfy { $0 == "│" || $0 == " " } }, "\(rows)")
  }
}
