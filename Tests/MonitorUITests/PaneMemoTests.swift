import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// The panes that keep their drawn rows (`PaneMemo`: the log and the participants table)
/// never change a frame: frames drawn one after another into the same grids, as the monitor
/// loop draws them, through everything that changes what those panes show, equal the state
/// drawn afresh with nothing kept.
@Suite struct PaneMemoTests {
  /// Two sizes drawn in turn (each grid keeps its own rows), as two terminals would.
  static let sizes = [TerminalSize(width: 200, height: 60), TerminalSize(width: 90, height: 30)]

  /// Steps, selection, focus, scrolling and selecting in the log, a filter, a pause with events
  /// arriving, time travel back and forward, a theme switch, zoom and an overlay.
  static let actions: [Action] = [
    .nextStep, .down, .down, .nextStep, .focusNext, .focusNext, .up, .up, .pageUp, .top,
    .bottom, .togglePause, .nextStep, .nextStep, .togglePause, .stepBack, .stepBack,
    .stepForward, .nextTheme, .zoom, .zoom, .help, .close, .focusNext, .down, .nextStep,
    .togglePublish, .nextStep, .restart, .nextStep,
  ]

  @Test func framesDrawnInTurnEqualFramesDrawnAfresh() throws {
    let controller = try Fixture.demo()
    var grids = Self.sizes.map { CellGrid(width: $0.width, height: $0.height) }
    var compared = 0
    for action in Self.actions {
      controller.perform(action)
      for index in grids.indices {
        Screen.render(controller.state, into: &grids[index])
        let difference = Self.difference(
          grids[index], Self.fresh(controller.state, like: grids[index]))
        #expect(difference == nil, "after \(action)")
        compared += 1
      }
    }
    #expect(compared == Self.actions.count * Self.sizes.count)
  }

  @Test func aFilterTypedIntoTheLogIsDrawnAtOnce() throws {
    let controller = try Fixture.demo(steps: 3)
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(controller.state, into: &grid)
    controller.state.log.setFilter("publish")
    Screen.render(controller.state, into: &grid)
    #expect(Self.difference(grid, Self.fresh(controller.state, like: grid)) == nil)
    #expect(Fixture.text(grid).contains { $0.contains("filter \"publish\"") })
  }

  @Test func asciiGlyphsAreNotTakenFromUnicodeRows() throws {
    let controller = try Fixture.demo(steps: 2)
    var unicode = CellGrid(width: 120, height: 40)
    var ascii = CellGrid(width: 120, height: 40, glyphs: .ascii)
    Screen.render(controller.state, into: &unicode)
    Screen.render(controller.state, into: &ascii)
    #expect(Self.difference(ascii, Self.fresh(controller.state, like: ascii)) == nil)
    #expect(!ascii.text().joined().contains("│"))
  }

  @Test func aLogChangedApartInTwoCopiesNeverSharesRows() throws {
    let controller = try Fixture.demo(steps: 1)
    var first = controller.state
    var second = controller.state
    first.log.append(Self.line("only in the first"))
    second.log.append(Self.line("only in the second"))
    var grid = CellGrid(width: 160, height: 40)
    Screen.render(first, into: &grid)
    Screen.render(second, into: &grid)
    #expect(Self.difference(grid, Self.fresh(second, like: grid)) == nil)
    #expect(first.log.revision != second.log.revision)
  }

  @Test func theMemoKeepsAFewSizesOnly() {
    let memo = PaneMemo<Int>()
    var drawn = 0
    for width in 10..<20 {
      var grid = CellGrid(width: width, height: 2)
      memo.draw(1, in: grid.bounds, background: .plain, into: &grid) { _ in drawn += 1 }
    }
    var grid = CellGrid(width: 10, height: 2)
    memo.draw(1, in: grid.bounds, background: .plain, into: &grid) { _ in drawn += 1 }
    var recent = CellGrid(width: 19, height: 2)
    memo.draw(1, in: recent.bounds, background: .plain, into: &recent) { _ in drawn += 1 }
    // The oldest size was dropped and drawn again; the newest was kept.
    #expect(drawn == 11)
    #expect(PaneMemo<Int>.capacity == 4)
  }

  @Test func aValueIsMadeOncePerKeyAndAFewKeysAreKept() {
    let memo = ValueMemo<Int, String>()
    var made = 0
    func value(_ key: Int) -> String {
      memo.value(for: key) {
        made += 1
        return "value \(key)"
      }
    }
    #expect(value(1) == "value 1")
    #expect(value(1) == "value 1")
    #expect(made == 1)
    for key in 2...5 { #expect(value(key) == "value \(key)") }
    #expect(made == 5)
    // Key 1 was the oldest of five: it is made again; key 5, the newest, is not.
    #expect(value(1) == "value 1")
    #expect(value(5) == "value 5")
    #expect(made == 6)
  }

  static func line(_ subject: String) -> LogLine {
    LogLine(
      second: 1_767_268_800, source: "client", sourceRole: .text, name: "beliefChanged",
      subject: subject, category: .of(.beliefChanged))
  }

  /// The first row where `drawn` and `fresh` differ, in text or in style, as a message; nil
  /// when the grids are equal.
  static func difference(_ drawn: CellGrid, _ fresh: CellGrid) -> String? {
    guard drawn != fresh else { return nil }
    let rows = zip(drawn.text(), fresh.text()).enumerated()
    if let (y, (kept, made)) = rows.first(where: { $0.1.0 != $0.1.1 }) {
      return "row \(y): \"\(kept)\" instead of \"\(made)\""
    }
    return "the same text in other styles"
  }

  /// `state` drawn into a new grid like `grid`, with nothing kept from earlier frames.
  static func fresh(_ state: AppState, like grid: CellGrid) -> CellGrid {
    var state = state
    state.paneMemos = PaneMemos()
    state.log.layouts = LogLayoutCache()
    var fresh = CellGrid(width: grid.width, height: grid.height, glyphs: grid.glyphs)
    Screen.render(state, into: &fresh)
    return fresh
  }
}
