import StageEngine
import TerminalKit
import Testing

@testable import MonitorUI

/// The frame memos (`LogLayoutCache`, `DecodedToken`) never change a frame: a controller whose
/// frames are rendered at every step, through steps, resizes, scrolling, focus changes and
/// theme switches, gives the same grid as its state rendered with an empty log cache.
@Suite struct LogLayoutCacheTests {
  static let sizes = [
    TerminalSize(width: 200, height: 60), TerminalSize(width: 80, height: 24),
    TerminalSize(width: 300, height: 80), TerminalSize(width: 120, height: 40),
  ]

  @Test func aCachedFrameEqualsAnUncachedOneAfterChangesResizesAndThemeSwitches() throws {
    let controller = try Fixture.demo()
    let actions: [Action] = [
      .nextStep, .nextStep, .nextTheme, .focusNext, .up, .nextStep, .pageUp, .nextTheme,
      .down, .nextStep, .focusNext, .down, .nextStep,
    ]
    var compared = 0
    for (index, action) in actions.enumerated() {
      controller.perform(action)
      for size in Self.sizes.shifted(by: index) {
        var cached = CellGrid(width: size.width, height: size.height)
        Screen.render(controller.state, into: &cached)
        Screen.render(controller.state, into: &cached)
        var fresh = controller.state
        fresh.log.layouts = LogLayoutCache()
        fresh.paneMemos = PaneMemos()
        var uncached = CellGrid(width: size.width, height: size.height)
        Screen.render(fresh, into: &uncached)
        #expect(cached == uncached, "after \(action) at \(size.width)×\(size.height)")
        compared += 1
      }
    }
    #expect(compared == actions.count * Self.sizes.count)
  }

  @Test func aLineChangedUnderTheSameNumberIsFormattedAgain() {
    let cache = LogLayoutCache()
    let first = LogEntry.ready(Self.line("first"))
    let second = LogEntry.ready(Self.line("second"))
    #expect(cache.line(7, of: first).subject == "first")
    #expect(cache.line(7, of: second).subject == "second")
    let layout = LogLayoutCache.Layout(
      wide: true, nameWidth: 4, wrapWidth: 40, below: false, ellipsis: "…")
    let made = cache.rows(7, of: first, line: first.line, in: layout) {
      LogLayoutCache.Rows(head: [], subject: [[Span($0.subject)]])
    }
    let again = cache.rows(7, of: second, line: second.line, in: layout) {
      LogLayoutCache.Rows(head: [], subject: [[Span($0.subject)]])
    }
    #expect(made.subject == [[Span("first")]])
    #expect(again.subject == [[Span("second")]])
  }

  static func line(_ subject: String) -> LogLine {
    LogLine(
      second: 1_767_268_800, source: "client", sourceRole: .text, name: "beliefChanged",
      subject: subject, category: .of(.beliefChanged))
  }
}

extension Array {
  /// The elements starting from `offset` (modulo the count), then the ones before it.
  fileprivate func shifted(by offset: Int) -> [Element] {
    guard !isEmpty else { return self }
    let start = offset % count
    return Array(self[start...] + self[..<start])
  }
}
