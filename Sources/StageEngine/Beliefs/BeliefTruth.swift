/// The true `user_id`/attributes beside an observer's belief in a `beliefChanged` event,
/// boxed (like `TokenExchangeSummary`) so that every other event stays small.
public final class BeliefTruth: Equatable, Sendable {
  /// The participant's current metadata.
  public let metadata: ParticipantMetadata

  /// Boxes `metadata`.
  public init(_ metadata: ParticipantMetadata) { self.metadata = metadata }

  /// Equal when the metadata is equal.
  public static func == (lhs: BeliefTruth, rhs: BeliefTruth) -> Bool {
    lhs.metadata == rhs.metadata
  }
}
