/// The open token deck: for whom, the candidates, the highlighted one, and the value being
/// typed for entries that need one (attributes, user_id, raw JWT).
public struct DeckState: Sendable {
  /// The participant whose token would be swapped.
  public var participant: String
  /// One candidate per entry, in deck order.
  public var candidates: [DeckCandidate]
  /// Index of the highlighted candidate.
  public var highlighted = 0
  /// Typed values per entry index (prefilled from the current token).
  public var inputs: [Int: String]
  /// The prepared tokens left out because they are for someone else, by owner
  /// ("host: demote host").
  public var preparedElsewhere: [String] = []

  /// Creates a deck.
  public init(participant: String, candidates: [DeckCandidate], inputs: [Int: String]) {
    self.participant = participant
    self.candidates = candidates
    self.inputs = inputs
  }

  /// The highlighted candidate, if any.
  public var current: DeckCandidate? {
    candidates.indices.contains(highlighted) ? candidates[highlighted] : nil
  }
}
