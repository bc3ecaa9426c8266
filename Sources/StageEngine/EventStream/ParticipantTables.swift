/// What a compact event's participant fields point into: IDs by slot and the SDK profiles the
/// clients run, each kept once. Stage-wide and append-only, so the stage, its drained batches
/// and its checkpoints share one copy (copy-on-write) and an index stays valid in all of them.
struct ParticipantTables: Sendable {
  /// Participant IDs by slot.
  private(set) var ids: [String] = []
  /// Every SDK profile a client has run, in first-use order.
  private(set) var profiles: [SDKProfile] = []
  private var profileIndices: [SDKProfile: Int] = [:]

  /// Adds the ID of the participant in the next slot.
  mutating func append(id: String) { ids.append(id) }

  /// The index of `sdk` in `profiles`, added on first use; a client keeps it
  /// (`Client.profile`) so that a fan-out never looks a profile up per event.
  mutating func index(of sdk: SDKProfile) -> Int {
    if let index = profileIndices[sdk] { return index }
    profiles.append(sdk)
    profileIndices[sdk] = profiles.count - 1
    return profiles.count - 1
  }
}
