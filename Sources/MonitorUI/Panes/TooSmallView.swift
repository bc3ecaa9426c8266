import InputKit
import TerminalKit

/// What a terminal below the minimum size shows instead of squashed panes (like htop).
public enum TooSmallView {
  /// The notice, e.g. "terminal too small (need 40×12)".
  public static func message(ascii: Bool) -> String {
    let times = ascii ? "x" : "×"
    let minimum = ScreenLayout.minimum
    return "terminal too small (need \(minimum.width)\(times)\(minimum.height))"
  }

  /// Renders the notice centred, with the current size and how to quit below it.
  public static func render(_ theme: Theme, into grid: inout CellGrid) {
    let ascii = grid.glyphs == .ascii
    let lines = [
      message(ascii: ascii), "now \(grid.width)\(ascii ? "x" : "×")\(grid.height)", "q quits",
    ]
    let top = max(0, grid.height / 2 - 1)
    for (index, line) in lines.enumerated() {
      let x = max(0, (grid.width - DisplayWidth.of(line)) / 2)
      grid.put(line, x: x, y: top + index, style: theme[index == 0 ? .warning : .muted])
    }
  }
}
