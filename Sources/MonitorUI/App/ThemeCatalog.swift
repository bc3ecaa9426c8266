import TerminalKit

/// The themes `t` cycles through and `:theme NAME` / `--theme` pick from, loaded through
/// TerminalKit's loader so user themes and bundled ones behave the same.
public struct ThemeCatalog: Sendable {
  /// Theme names in cycling order.
  public let names: [String]
  private let loader: ThemeLoader?
  private let colorDepth: ColorDepth
  private let fixed: [Theme]

  /// Themes found by `loader` (user directory, bundled, built-in default).
  public init(loader: ThemeLoader, colorDepth: ColorDepth) {
    self.loader = loader
    self.colorDepth = colorDepth
    self.names = loader.availableThemeNames()
    self.fixed = []
  }

  /// A fixed list of themes (tests, or when nothing can be loaded).
  public init(themes: [Theme]) {
    self.loader = nil
    self.colorDepth = .trueColor
    self.fixed = themes.isEmpty ? [.builtInDefault] : themes
    self.names = fixed.map(\.name)
  }

  /// Loads `name` (or a path); the result carries diagnostics for a broken theme file.
  public func load(_ name: String) -> ThemeLoadResult {
    if let theme = fixed.first(where: { $0.name == name }) {
      return ThemeLoadResult(theme: theme, diagnostics: [], source: "built-in")
    }
    guard let loader else {
      let message = "no theme named '\(name)' (have: \(names.joined(separator: ", ")))"
      return ThemeLoadResult(
        theme: fixed[0], diagnostics: [ThemeDiagnostic(.error, file: name, message: message)],
        source: "built-in")
    }
    return loader.load(name, colorDepth: colorDepth)
  }

  /// The name after `current` in cycling order.
  public func name(after current: String) -> String {
    guard let index = names.firstIndex(of: current), !names.isEmpty else {
      return names.first ?? "default"
    }
    return names[(index + 1) % names.count]
  }
}
