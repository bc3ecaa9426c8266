import StageEngine

/// One row of "who sees what": what an observer (another client or the composition)
/// currently believes about the selected participant, and whether that is stale.
public struct ObserverBelief: Equatable, Sendable {
  /// Observer ID, or "composition" (the scenario's own) / "comp ID" (one started later; short
  /// enough for the detail pane's observer column).
  public let observer: String
  /// Its SDK profile, or the composition's update policy.
  public let profile: String
  /// The user ID and attributes it believes.
  public let believed: ParticipantMetadata
  /// Whether that differs from the truth.
  public let isStale: Bool
  /// The engine's explanation when stale.
  public let reason: String?

  /// Every observer's belief about `subject`, compositions last. Visits every participant:
  /// called when the snapshot or the selection changes, never per frame.
  public static func all(about subject: String, in snapshot: StageSnapshot) -> [ObserverBelief] {
    var rows: [ObserverBelief] = []
    for participant in snapshot.participants where participant.id != subject {
      guard let view = participant.remotes.first(where: { $0.participant == subject }) else {
        continue
      }
      rows.append(
        ObserverBelief(
          observer: participant.id, profile: participant.sdk.description, believed: view.believed,
          isStale: view.isStale, reason: view.staleReason))
    }
    rows.append(contentsOf: compositions(about: subject, in: snapshot))
    return rows
  }

  /// The compositions' rows about `subject` (one per composition that shows it), always
  /// last: refreshed alone when only compositions changed.
  public static func compositions(about subject: String, in snapshot: StageSnapshot)
    -> [ObserverBelief]
  {
    snapshot.compositions.compactMap { composition in
      guard let view = composition.believed.first(where: { $0.participant == subject }) else {
        return nil
      }
      let name =
        composition.id == Stage.firstCompositionID ? "composition" : "comp \(composition.id)"
      return ObserverBelief(
        observer: name, profile: composition.configuration.updates.rawValue,
        believed: view.believed, isStale: view.isStale, reason: view.staleReason)
    }
  }
}
