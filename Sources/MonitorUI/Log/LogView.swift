import StageEngine
import TerminalKit

/// The event log: only the visible window of lines is visited. Each line shows the time,
/// a symbol and colour by kind, the source, the observer, the platform's own event name and
/// the subject.
public enum LogView {
  /// Renders into `rect` (border included).
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let inner = PaneFrame.draw(
      rect, title: title(state.log), focused: state.focus == .log, theme: state.theme,
      into: &grid)
    guard inner.height > 0 else { return }
    let numbers = state.log.window(limit: inner.height, offsetFromEnd: state.logScroll)
    let nameWidth = min(41, max(16, inner.width - 72))
    for (row, number) in numbers.enumerated() {
      guard let line = state.log.line(number) else { continue }
      Span.draw(
        spans(line, nameWidth: nameWidth, ellipsis: grid.glyphs.ellipsis), x: inner.x,
        y: inner.y + row,
        width: inner.width, theme: state.theme, into: &grid)
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

  static func spans(_ line: LogLine, nameWidth: Int, ellipsis: String) -> [Span] {
    let ascii = ellipsis != "…"
    let role = line.category.role
    return [
      Span(line.time + " ", .muted), Span(line.category.symbol(ascii: ascii) + " ", role),
      Span(Span.fit(line.source, 11) + " ", sourceRole(line.event.source)),
      Span(Span.fit(line.observer, 14, ellipsis: ellipsis) + " "),
      Span(Span.fit(line.name, nameWidth, ellipsis: ellipsis) + " ", role),
      Span(line.subject),
    ]
  }

  private static func sourceRole(_ source: EventSource) -> ThemeRole {
    switch source {
    case .client: return .text
    case .strategy: return .strategy
    case .server: return .server
    case .composition: return .composition
    case .runner: return .runner
    case .belief: return .stale
    }
  }
}
