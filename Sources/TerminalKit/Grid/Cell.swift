/// One terminal cell: a grapheme and its style. A wide grapheme (CJK, most emoji) occupies its
/// cell plus a continuation cell to the right, so columns in the grid equal columns on screen.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown; empty for the continuation half of a wide grapheme.
  public var symbol: String
  /// How the cell looks.
  public var style: Style

  /// Creates a cell showing `symbol` in `style`.
  public init(_ symbol: String, style: Style = .plain) {
    self.symbol = symbol
    self.style = style
  }

  /// An empty space in the default style: what a cleared grid holds.
  public static let blank = Cell(" ")

  /// The right half of a wide grapheme; backends skip it when drawing.
  public static func continuation(style: Style) -> Cell {
    Cell("", style: style)
  }

  /// Whether this is the right half of a wide grapheme.
  public var isContinuation: Bool { symbol.isEmpty }
}
