import StageEngine

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

/// An exchange the stage refused: shown in the participant's row and as a banner in its
/// detail until the next step, so a refusal is seen where the audience looks, not only read.
public struct Refusal: Equatable, Sendable {
  /// Whose exchange.
  public let participant: String
  /// Why, in a line: the immutable claims that differ, else the refusal's message.
  public let reason: String

  /// The refusal an `exchangeRejected` event tells (nil without a participant).
  init?(_ event: StageEvent) {
    guard let participant = event.participant else { return nil }
    self.participant = participant
    let fields = event.fields ?? []
    reason =
      fields.isEmpty
      ? "exchange refused: \(event.message ?? "no reason given"); nothing changed"
      : "exchange refused: immutable claim \(fields.joined(separator: ", ")) differs; nothing"
        + " changed"
  }
}
