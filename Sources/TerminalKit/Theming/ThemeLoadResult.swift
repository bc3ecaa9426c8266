/// What `ThemeLoader.load` produced: always a usable theme, plus everything that went wrong
/// getting it, so the app can show the problems and carry on.
public struct ThemeLoadResult: Sendable {
  /// The theme to use (a broken file's valid lines over the built-in default, or the built-in
  /// default itself when nothing could be read).
  public var theme: Theme
  /// Problems found, in file order; empty for a clean load.
  public var diagnostics: [ThemeDiagnostic]
  /// Where the theme came from: a file path, or "built-in".
  public var source: String

  /// Creates a result.
  public init(theme: Theme, diagnostics: [ThemeDiagnostic], source: String) {
    self.theme = theme
    self.diagnostics = diagnostics
    self.source = source
  }

  /// Whether anything was lost (a skipped line or an unusable file). Callers that prefer
  /// all-or-nothing can then use `Theme.builtInDefault` instead of `theme`.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
