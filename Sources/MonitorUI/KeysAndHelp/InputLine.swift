/// A one-line text input at the bottom of the screen: the log filter (live), the `:` command
/// line, or the value a deck entry asks for.
public struct InputLine: Equatable, Sendable {
  /// What the typed text is for.
  public enum Purpose: Equatable, Sendable {
    /// The log filter; applied on every keystroke.
    case filter
    /// The `:` command line.
    case command
    /// The value for the highlighted deck entry.
    case deckValue
  }

  /// What it is for.
  public var purpose: Purpose
  /// The text typed so far.
  public var text: String

  /// Creates an input line.
  public init(_ purpose: Purpose, text: String = "") {
    self.purpose = purpose
    self.text = text
  }

  /// The prompt shown before the text.
  public var prompt: String {
    switch purpose {
    case .filter: return "/"
    case .command: return ":"
    case .deckValue: return "value: "
    }
  }
}
