/// How one cell looks: colours plus attributes. Renderers attach a `Style` to every cell they
/// write; the backend turns it into terminal attributes.
public struct Style: Hashable, Sendable {
  /// Text colour.
  public var foreground: Color
  /// Cell background colour.
  public var background: Color
  /// Bold, underline, reverse, dim, italic.
  public var attributes: TextAttributes

  /// Creates a style; every part defaults to the terminal's own look.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look, used for blank cells.
  public static let plain = Style()

  /// Whether the style is bold; a convenience for renderers and tests.
  public var isBold: Bool { attributes.contains(.bold) }
  /// Whether the style is underlined.
  public var isUnderlined: Bool { attributes.contains(.underline) }
  /// Whether the style is reversed.
  public var isReversed: Bool { attributes.contains(.reverse) }

  /// Returns this style with extra attributes, e.g. `theme.text.adding(.bold)`.
  public func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  /// Returns this style with another background, e.g. to highlight a row.
  public func on(_ background: Color) -> Style {
    var copy = self
    copy.background = background
    return copy
  }
}
