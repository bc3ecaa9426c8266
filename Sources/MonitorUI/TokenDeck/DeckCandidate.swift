import StageEngine

/// A deck entry made concrete for one participant: the token it would exchange (never
/// shown: it carries a signature), the claim diff and the predicted outcome.
public struct DeckCandidate: Sendable {
  /// The entry.
  public let entry: DeckEntry
  /// The compact token, when it could be made.
  public let token: String?
  /// Header and claim changes vs the current token.
  public let diff: [String]
  /// What Enter would do.
  public let prediction: ExchangePrediction
  /// The token as the `exchange` step records it (mint spec, or raw when pasted).
  public var source: ScenarioToken? = nil
}
