import StageEngine

/// Who currently sees a participant, split by whether their SDK has the immediate metadata
/// event (§3.4): what the deck quotes when it predicts who sees a new user_id/attributes.
/// Built once per deck opening (it visits every participant, so it keeps counts and the few
/// names the deck shows, not 10,000 names).
public struct Audience: Equatable, Sendable {
  /// Observers notified at once.
  public var immediate = Names()
  /// Observers that see it only when the participant republishes.
  public var onRepublish = Names()

  /// Nobody.
  public init() {}

  /// The observers that currently see `subject` (it must be publishing to be seen).
  public init(of subject: String, in snapshot: StageSnapshot) {
    let participants = snapshot.participants
    for index in participants.indices where participants[index].connection == .connected {
      guard participants[index].id != subject,
        participants[index].remotes.contains(where: { $0.participant == subject })
      else { continue }
      let name = { "\(participants[index].id) (\(participants[index].sdk))" }
      if participants[index].sdkRules.hasMetadataEvent.outcome {
        immediate.add(name)
      } else {
        onRepublish.add(name)
      }
    }
  }

  /// A group of observers: how many, and the first `shownLimit` as `id (sdk)`.
  public struct Names: Equatable, Sendable {
    /// How many names `list` shows before "+N more".
    public static let shownLimit = 3
    /// The first observers, as `id (sdk)`.
    public private(set) var first: [String] = []
    /// How many observers.
    public private(set) var count = 0

    /// Whether there are none.
    public var isEmpty: Bool { count == 0 }

    /// Up to `shownLimit` names, then "+N more".
    public var list: String {
      let names = first.joined(separator: ", ")
      return count > first.count ? names + " +\(count - first.count) more" : names
    }

    /// Counts one more observer; `name` is made only for the first few.
    mutating func add(_ name: () -> String) {
      count += 1
      if first.count < Self.shownLimit { first.append(name()) }
    }
  }
}
