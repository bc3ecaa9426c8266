/// A window drawn over the panes that takes the keys while open.
public enum Overlay: Sendable {
  /// The `?` help, scrolled by this many lines.
  case help(scroll: Int)
  /// The token deck.
  case deck(DeckState)
}
