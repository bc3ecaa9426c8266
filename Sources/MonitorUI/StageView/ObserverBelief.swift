import IVSRules
import StageEngine

/// One row of "who sees what": what an observer (another client or the composition)
/// currently believes about the selected participant, and whether that is stale. Made on
/// demand from a `WhoSeesWhat`.
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
  /// The rule that keeps it stale (`w` shows its text).
  public var rule: RuleID? = nil

  /// The compositions' rows about `subject` (one per composition that shows it).
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
        observer: name, profile: composition.updates.outcome.rawValue,
        believed: view.believed, isStale: view.isStale, reason: view.staleReason,
        rule: view.staleRule)
    }
  }
}
