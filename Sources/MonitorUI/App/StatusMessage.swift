/// The one-line message under the panes: what the last action did or why it failed.
public struct StatusMessage: Equatable, Sendable {
  /// How it should look.
  public enum Kind: Equatable, Sendable {
    /// Neutral information.
    case info
    /// Something worked.
    case success
    /// Worth attention (e.g. a rejected exchange that was expected).
    case warning
    /// An action failed.
    case error
  }

  /// The text.
  public let text: String
  /// Its kind.
  public let kind: Kind

  /// Creates a message.
  public init(_ text: String, kind: Kind = .info) {
    self.text = text
    self.kind = kind
  }
}
