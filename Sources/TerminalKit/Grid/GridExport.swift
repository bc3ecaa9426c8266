import InputKit

/// A grid written out as a file: plain text (what a person reads) or text with ANSI SGR
/// escapes (what `cat` shows in colour), so a screenshot keeps exactly the in-memory frame —
/// whose cells `CellGrid` already made safe; each symbol passes `TerminalText.safe` again here
/// so that no cell set by other means can carry a control into a file someone will `cat`.
public enum GridExport {
  /// Every row, trailing spaces trimmed, each ending in a newline.
  public static func plainText(_ grid: CellGrid) -> String {
    grid.text(trimmingTrailingSpaces: true).map { TerminalText.safe($0) + "\n" }.joined()
  }

  /// Every row with an SGR sequence wherever the style changes and a reset at its end.
  public static func ansi(_ grid: CellGrid) -> String {
    var out = ""
    for y in 0..<grid.height {
      var current = Style.plain
      for x in 0..<grid.width {
        guard let cell = grid.cell(x: x, y: y), !cell.isContinuation else { continue }
        if cell.style != current {
          out += sgr(cell.style)
          current = cell.style
        }
        out += TerminalText.safe(cell.symbol)
      }
      out += "\u{1B}[0m\n"
    }
    return out
  }

  /// The SGR sequence that sets exactly `style` (after a reset).
  public static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    let attributes: [(TextAttributes, String)] = [
      (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    ]
    codes += attributes.filter { style.attributes.contains($0.0) }.map(\.1)
    if let foreground = colorCode(style.foreground, base: 30) { codes.append(foreground) }
    if let background = colorCode(style.background, base: 40) { codes.append(background) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// `base` 30 for foreground, 40 for background; nil for the terminal's default.
  private static func colorCode(_ color: Color, base: Int) -> String? {
    switch color {
    case .default: return nil
    case .ansi(let index) where index < 8: return "\(base + Int(index))"
    case .ansi(let index): return "\(base + 60 + Int(index % 16) - 8)"
    case .indexed(let index): return "\(base + 8);5;\(index)"
    case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
    }
  }
}
