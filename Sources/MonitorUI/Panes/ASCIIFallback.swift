import TerminalKit

/// The last pass of a frame on a non-UTF-8 terminal: any symbol outside ASCII that a view or
/// a data value (a user_id, an arrow in a key label) brought in is replaced, so curses never
/// prints mojibake. Visits every cell once: O(screen), independent of the stage size.
public enum ASCIIFallback {
  private static let replacements: [String: String] = [
    "—": "-", "−": "-", "→": ">", "←": "<", "↑": "^", "↓": "v", "…": "~", "▶": ">", "▸": ">",
    "★": "*", "▪": ".", "◳": "o", "✔": "+", "✖": "X", "✎": "*", "●": "o", "▲": "^", "▼": "v",
    "≈": "=", "▦": "#", "│": "|", "─": "-", "·": ".", "×": "x", "▏": "|", "↔": "/", "≠": "!",
  ]

  /// Rewrites `grid` to ASCII.
  public static func apply(to grid: inout CellGrid) {
    for y in 0..<grid.height {
      for x in 0..<grid.width {
        guard let cell = grid.cell(x: x, y: y), !cell.symbol.allSatisfy(\.isASCII) else {
          continue
        }
        let symbol = cell.isContinuation ? " " : (replacements[cell.symbol] ?? "?")
        grid.set(Cell(symbol, style: cell.style), x: x, y: y)
      }
    }
  }
}
