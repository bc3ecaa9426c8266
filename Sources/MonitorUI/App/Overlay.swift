import IVSRules

/// A window drawn over the panes that takes the keys while open.
public enum Overlay: Sendable {
  /// The `?` help, scrolled by this many lines.
  case help(scroll: Int)
  /// The token deck.
  case deck(DeckState)
  /// The glossary of the SDK's terms (`g`, presenter mode), scrolled by this many lines.
  case glossary(scroll: Int)
  /// The rules of the book behind the selection (`w`, `:rule ID`), scrolled by this many lines.
  case rules([RuleID], scroll: Int)
}
