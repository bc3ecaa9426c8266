import StageEngine

/// A deck entry made concrete for one participant: the claim diff and the predicted outcome
/// of the token it would exchange, and that token as the exchange step records it.
public struct DeckCandidate: Sendable {
  /// The entry.
  public let entry: DeckEntry
  /// Header and claim changes vs the current token.
  public let diff: [String]
  /// What Enter would do.
  public let prediction: ExchangePrediction
  /// The token as the `exchange` step records it (mint spec, or raw when pasted).
  public var source: ScenarioToken? = nil
}
