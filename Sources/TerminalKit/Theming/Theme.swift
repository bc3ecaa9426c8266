/// A named mapping from every `ThemeRole` to a `Style`. Always complete: a theme can be used
/// without checks, whatever file it came from.
public struct Theme: Hashable, Sendable {
  /// The theme's name, from its `name =` line (or the file name).
  public var name: String
  /// The colour the theme paints under everything (its `background =` line): every role that
  /// names no background of its own sits on it, and screens are cleared to it. `.default` means
  /// the theme deliberately shows the terminal's own background.
  public private(set) var background: Color
  /// The styles as the theme file gave them (backgrounds possibly left to `background`).
  private var given: [ThemeRole: Style]
  /// `given` with every `.default` background replaced by `background`: what renderers get.
  private var styles: [ThemeRole: Style]

  /// Creates a theme; roles missing from `styles` use `fallback` (the built-in default unless
  /// given), so the result is always complete. Roles without a background of their own sit on
  /// `background`.
  public init(
    name: String, styles: [ThemeRole: Style], fallback: Theme? = nil, background: Color = .default
  ) {
    self.name = name
    self.background = background
    let base = fallback?.given ?? Theme.defaultStyles
    given = base.merging(styles) { _, new in new }
    self.styles = Theme.painted(given, on: background)
  }

  /// Whether the theme paints its own background rather than showing the terminal's.
  public var paintsBackground: Bool { background != .default }

  /// The style for a role: `grid.put(text, x: x, y: y, style: theme[.warning])`.
  public subscript(role: ThemeRole) -> Style {
    get { styles[role] ?? .plain }
    set {
      given[role] = newValue
      styles[role] = Theme.painted([role: newValue], on: background)[role]
    }
  }

  /// The same theme with every colour downgraded to what the terminal can show (see
  /// `Style.downgraded(to:)`); backends do this too, but doing it once up front is cheaper.
  public func downgraded(to depth: ColorDepth) -> Theme {
    var copy = self
    copy.background = background.downgraded(to: depth)
    copy.given = given.mapValues { $0.downgraded(to: depth) }
    copy.styles = Theme.painted(copy.given, on: copy.background)
    return copy
  }

  private static func painted(_ styles: [ThemeRole: Style], on background: Color) -> [ThemeRole:
    Style]
  {
    guard background != .default else { return styles }
    return styles.mapValues { $0.background == .default ? $0.on(background) : $0 }
  }

  /// The theme used when no theme file can be found or parsed. Mirrors `Themes/default.theme`
  /// (a test keeps them equal), so an installed binary without its resources still looks right.
  public static let builtInDefault = Theme(name: "default", styles: defaultStyles)

  private static let defaultStyles: [ThemeRole: Style] = [
    .text: Style(),
    .muted: Style(foreground: .brightBlack),
    .accent: Style(foreground: .cyan, attributes: .bold),
    .border: Style(foreground: .brightBlack),
    .borderFocused: Style(foreground: .cyan, attributes: .bold),
    .title: Style(foreground: .brightWhite, attributes: .bold),
    .selection: Style(foreground: .black, background: .cyan),
    .header: Style(foreground: .brightWhite, background: .blue, attributes: .bold),
    .footer: Style(foreground: .black, background: .white),
    .publish: Style(foreground: .green, attributes: .bold),
    .subscribe: Style(foreground: .indexed(75), attributes: .bold),
    .warning: Style(foreground: .yellow, attributes: .bold),
    .error: Style(foreground: .brightRed, attributes: .bold),
    .stale: Style(foreground: .black, background: .yellow, attributes: .bold),
    .success: Style(foreground: .brightGreen),
    .joined: Style(foreground: .brightGreen),
    .left: Style(foreground: .brightBlack),
    .publishState: Style(foreground: .green),
    .subscribeState: Style(foreground: .indexed(75)),
    .streams: Style(foreground: .cyan),
    .metadata: Style(foreground: .indexed(213)),
    .connection: Style(foreground: .yellow),
    .errorEvent: Style(foreground: .brightRed, attributes: .bold),
    .strategy: Style(foreground: .brightMagenta),
    .server: Style(foreground: .brightCyan),
    .composition: Style(foreground: .indexed(141)),
    .runner: Style(foreground: .indexed(244)),
    .recorded: Style(foreground: .indexed(214), attributes: .italic),
  ]
}
