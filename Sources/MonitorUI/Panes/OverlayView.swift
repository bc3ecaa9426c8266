import TerminalKit

/// Overlays drawn over the panes: the help and the token deck.
public enum OverlayView {
  /// The centred box an overlay uses on a screen of `bounds`.
  public static func box(in bounds: Rect, widthPercent: Int, heightPercent: Int) -> Rect {
    let width = max(20, bounds.width * widthPercent / 100)
    let height = max(8, (bounds.height - 2) * heightPercent / 100)
    return Rect(
      x: max(0, (bounds.width - width) / 2), y: 1, width: min(width, bounds.width),
      height: min(height, bounds.height - 3))
  }

  /// Renders the help overlay scrolled by `scroll` lines.
  public static func renderHelp(_ state: AppState, scroll: Int, into grid: inout CellGrid) {
    let rect = box(in: grid.bounds, widthPercent: 90, heightPercent: 100)
    grid.fill(rect, style: state.theme[.text])
    let inner = PaneFrame.draw(rect, title: "Help", focused: true, theme: state.theme, into: &grid)
    let lines = HelpContent.lines(state.keymap, ascii: grid.glyphs == .ascii)
    let first = min(scroll, max(0, lines.count - inner.height))
    for row in 0..<min(inner.height, lines.count - first) {
      Span.draw(
        lines[first + row], x: inner.x + 1, y: inner.y + row, width: inner.width - 1,
        theme: state.theme, into: &grid)
    }
  }
}
