import StageEngine
import TerminalKit

/// The event log: only the visible window of lines is visited. Each line shows the time,
/// a symbol and colour by kind, the source and the observer (one column on narrow panes), the
/// platform's own event name — never cut: the column is as wide as the longest name shown —
/// and the subject, which wraps onto up to two more rows rather than being cut.
public enum LogView {
  /// Rows one event may take (its line plus the subject's continuation).
  static let maximumRows = 3
  /// The longest platform event name (`STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED`).
  static let longestName = 41

  /// Renders into `rect` (border included), newest event at the bottom.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let inner = PaneFrame.draw(
      rect, title: title(state.log), focused: state.focus == .log, theme: state.theme,
      into: &grid)
    guard inner.height > 0 else { return }
    let numbers = state.log.window(limit: inner.height, offsetFromEnd: state.logScroll)
    let lines = numbers.compactMap { state.log.line($0) }
    let wide = inner.width >= 120
    let nameWidth = min(longestName, lines.map { Span.columns($0.name) }.max() ?? 0)
    let subjectX = 9 + 2 + (wide ? 12 + 15 : 15) + nameWidth + 1
    let ellipsis = grid.glyphs.ellipsis
    var bottom = inner.maxY
    for line in lines.reversed() where bottom > inner.y {
      let head = spans(line, wide: wide, nameWidth: nameWidth, ellipsis: ellipsis)
      let subject = Span.wrap(
        [Span(line.subject)], width: max(1, inner.width - subjectX), maxLines: maximumRows,
        ellipsis: ellipsis)
      let top = max(inner.y, bottom - subject.count)
      for (offset, part) in subject.prefix(bottom - top).enumerated() {
        let spans = offset == 0 ? head + part : part
        let x = inner.x + (offset == 0 ? 0 : subjectX)
        Span.draw(
          spans, x: x, y: top + offset, width: inner.maxX - x, theme: state.theme, into: &grid)
      }
      bottom = top
    }
    if numbers.isEmpty {
      let text = state.log.filter.isEmpty ? "no events yet" : "no events match the filter"
      grid.put(text, x: inner.x + 1, y: inner.y, style: state.theme[.muted])
    }
  }

  /// "Events 42 · filter "meta" 3 · PAUSED 5 new".
  public static func title(_ log: LogBuffer) -> String {
    var parts = ["Events \(log.count)"]
    if !log.filter.isEmpty { parts.append("filter \"\(log.filter)\" \(log.visibleCount)") }
    if log.isPaused { parts.append("PAUSED \(log.newSincePause) new") }
    return parts.joined(separator: " · ")
  }

  /// The columns before the subject. Narrow panes show the observer, or the source for events
  /// without one, in a single column.
  static func spans(_ line: LogLine, wide: Bool, nameWidth: Int, ellipsis: String) -> [Span] {
    let ascii = ellipsis != "…"
    let role = line.category.role
    let source = line.sourceRole
    var spans = [
      Span(line.time + " ", .muted), Span(line.category.symbol(ascii: ascii) + " ", role),
    ]
    if wide {
      spans.append(Span(Span.fit(line.source, 11) + " ", source))
      spans.append(Span(Span.fit(line.observer, 14, ellipsis: ellipsis) + " "))
    } else {
      let who = line.observer.isEmpty ? line.source : line.observer
      spans.append(Span(Span.fit(who, 14, ellipsis: ellipsis) + " ", source))
    }
    spans.append(Span(Span.fit(line.name, nameWidth, ellipsis: ellipsis) + " ", role))
    return spans
  }
}
