/// Non-colour text attributes. They survive every colour depth (including `.none`), which is how
/// meaning stays visible without colour (NO_COLOR, monochrome theme, colour-blind users).
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The raw bit set, required by `OptionSet`.
  public let rawValue: UInt8

  /// Creates attributes from raw bits, required by `OptionSet`.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Heavier text, for titles and emphasis.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Underlined text, for headers and links.
  public static let underline = TextAttributes(rawValue: 1 << 1)
  /// Swapped foreground and background, for selection in monochrome.
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  /// Fainter text, for muted or stale content.
  public static let dim = TextAttributes(rawValue: 1 << 3)
  /// Slanted text where the terminal supports it.
  public static let italic = TextAttributes(rawValue: 1 << 4)
}
