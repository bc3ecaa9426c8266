/// One theme shipped with stagemon: the text of `Themes/NAME.theme` as it was at build time.
public struct BundledTheme: Sendable, Hashable {
  /// The theme's name: its file name without `.theme`.
  public let name: String
  /// The file's text, parsed like any theme file when the theme is loaded.
  public let text: String
}

/// The themes compiled into the program (the `EmbedThemes` build-tool plugin generates
/// `embedded` from `Themes/`), so a binary copied anywhere — `install -m 755 stagemon
/// /usr/local/bin/` — has every theme without a resource bundle beside it.
public enum BundledThemes {
  /// Every bundled theme by name.
  public static let byName: [String: String] = Dictionary(
    embedded.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })

  /// The name a bundled theme's diagnostics and load result name as its source.
  public static func source(of name: String) -> String {
    "\(name).theme (built in)"
  }
}
