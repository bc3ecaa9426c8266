import InputKit
import TerminalKit

/// What a terminal below the minimum size shows instead of squashed panes (like htop).
public enum TooSmallView {
  /// The notice's lines, each short enough for a 20-column terminal: "terminal too small",
  /// "need 40×12", "now 30×10", "q quits".
  public static func lines(width: Int, height: Int, ascii: Bool) -> [String] {
    let times = ascii ? "x" : "×"
    let minimum = ScreenLayout.minimum
    return [
      "terminal too small", "need \(minimum.width)\(times)\(minimum.height)",
      "now \(width)\(times)\(height)", "q quits",
    ]
  }

  /// Renders the notice centred (the first line as a warning).
  public static func render(_ theme: Theme, into grid: inout CellGrid) {
    let lines = lines(width: grid.width, height: grid.height, ascii: grid.glyphs == .ascii)
    let top = max(0, (grid.height - lines.count) / 2)
    for (index, line) in lines.enumerated() {
      let x = max(0, (grid.width - DisplayWidth.of(line)) / 2)
      grid.put(line, x: x, y: top + index, style: theme[index == 0 ? .warning : .muted])
    }
  }
}
