import StageEngine

/// Who currently sees a participant, split by whether their SDK has the immediate metadata
/// event (§3.4): what the deck quotes when it predicts who sees a new user_id/attributes.
/// Built once per deck opening (it visits every participant).
public struct Audience: Equatable, Sendable {
  /// Observers notified at once, as `id (sdk)`.
  public var immediate: [String] = []
  /// Observers that see it only when the participant republishes.
  public var onRepublish: [String] = []

  /// The observers that currently see `subject` (it must be publishing to be seen).
  public init(of subject: String, in snapshot: StageSnapshot) {
    for participant in snapshot.participants where participant.id != subject {
      guard participant.connection == .connected,
        participant.remotes.contains(where: { $0.participant == subject })
      else { continue }
      let name = "\(participant.id) (\(participant.sdk))"
      if participant.sdk.hasMetadataEvent {
        immediate.append(name)
      } else {
        onRepublish.append(name)
      }
    }
  }

  /// Up to `limit` names, then "+N more".
  public static func list(_ names: [String], limit: Int = 3) -> String {
    guard names.count > limit else { return names.joined(separator: ", ") }
    return names.prefix(limit).joined(separator: ", ") + " +\(names.count - limit) more"
  }
}
