/// The semantic roles a theme gives a style to. Renderers ask for a role ("this is a warning"),
/// never for a colour, so every theme (including monochrome) can express every meaning.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable {
  /// Ordinary text.
  case text
  /// Secondary text: hints, timestamps, labels.
  case muted
  /// Highlighted values and key hints.
  case accent
  /// Borders of unfocused panes.
  case border
  /// Border of the focused pane.
  case borderFocused
  /// Pane titles.
  case title
  /// The selected row.
  case selection
  /// The top bar and table headers.
  case header
  /// The bottom bar (key help, status).
  case footer
  /// The publish capability / publishing state.
  case publish
  /// The subscribe capability / subscribed state.
  case subscribe
  /// Warnings (e.g. assumptions, near limits).
  case warning
  /// Errors shown to the user.
  case error
  /// Data that is out of date (e.g. an expired token).
  case stale
  /// Successful outcomes.
  case success
  /// Event category: a participant joined.
  case joined
  /// Event category: a participant left.
  case left
  /// Event category: publish state changes.
  case publishState
  /// Event category: subscribe state changes.
  case subscribeState
  /// Event category: streams added/removed/changed.
  case streams
  /// Event category: participant metadata (attributes, capabilities) changes.
  case metadata
  /// Event category: connection state changes.
  case connection
  /// Event category: error events.
  case errorEvent
  /// Event category: strategy questions and answers.
  case strategy
  /// Event category: server-side events.
  case server
  /// Event category: server-side composition.
  case composition
  /// Event category: scenario runner steps.
  case runner
  /// Event log source: the customer's recorded events beside the model's.
  case recorded

  /// Finds a role by the name used in theme files: case-insensitive, `-` and `_` ignored.
  public init?(themeKey: String) {
    guard let role = ThemeRole.byNormalizedKey[ThemeRole.normalized(themeKey)] else { return nil }
    self = role
  }

  /// Every role by its normalized key, built once: a theme file can have thousands of lines.
  private static let byNormalizedKey: [String: ThemeRole] = Dictionary(
    uniqueKeysWithValues: allCases.map { (normalized($0.rawValue), $0) })

  private static func normalized(_ key: String) -> String {
    key.lowercased().filter { $0 != "-" && $0 != "_" }
  }
}
