/// The characters used to draw boxes. Unicode light box drawing looks best; the ASCII set keeps
/// borders readable when the locale is not UTF-8 (curses would print mojibake otherwise).
public struct BorderGlyphs: Hashable, Sendable {
  /// Top-left corner.
  public var topLeft: String
  /// Top-right corner.
  public var topRight: String
  /// Bottom-left corner.
  public var bottomLeft: String
  /// Bottom-right corner.
  public var bottomRight: String
  /// Horizontal edge.
  public var horizontal: String
  /// Vertical edge.
  public var vertical: String
  /// Marks text cut short by `CellGrid.put`; "…" in Unicode, "~" in ASCII.
  public var ellipsis: String

  /// Creates a glyph set from its parts (for custom borders).
  public init(
    topLeft: String, topRight: String, bottomLeft: String, bottomRight: String,
    horizontal: String, vertical: String, ellipsis: String
  ) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomLeft = bottomLeft
    self.bottomRight = bottomRight
    self.horizontal = horizontal
    self.vertical = vertical
    self.ellipsis = ellipsis
  }

  /// Unicode light box drawing: ┌─┐│└┘ and "…".
  public static let unicode = BorderGlyphs(
    topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
    horizontal: "─", vertical: "│", ellipsis: "…")

  /// Plain ASCII: +-| and "~", for non-UTF-8 locales.
  public static let ascii = BorderGlyphs(
    topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
    horizontal: "-", vertical: "|", ellipsis: "~")
}
