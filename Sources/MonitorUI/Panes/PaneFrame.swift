import TerminalKit

/// Draws a pane's border and title: the focused pane uses the theme's `borderFocused` role
/// and a marker in its title, so focus shows without colour too.
public enum PaneFrame {
  /// Draws the frame and returns the inner rect.
  @discardableResult
  public static func draw(
    _ rect: Rect, title: String, focused: Bool, theme: Theme, into grid: inout CellGrid
  ) -> Rect {
    let marker = focused ? (grid.glyphs == .ascii ? "> " : "▸ ") : ""
    grid.drawBox(
      rect, style: theme[focused ? .borderFocused : .border], title: marker + title,
      titleStyle: focused ? theme[.borderFocused] : theme[.title])
    return rect.inset(by: 1)
  }
}
