/// What `Stage.refresh(_:)` changed in a snapshot: the UI re-derives only what depends on it.
public struct StageChanges: Equatable, Sendable {
  /// Every participant was rebuilt (participants added, a publisher started or stopped, or a
  /// publisher's metadata changed, which every observer's view shows).
  public var everyParticipant: Bool
  /// IDs of the participants whose snapshot differs, when not `everyParticipant`.
  public var participants: [String]
  /// Whether any composition's snapshot differs.
  public var composition: Bool

  /// Whether any participant's snapshot may differ.
  public var anyParticipant: Bool { everyParticipant || !participants.isEmpty }
}
