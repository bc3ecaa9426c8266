import StageEngine

/// The layout the composition would show if it followed every participant's current
/// attributes (policy `live`): compared with the actual slots, it tells whether the layout
/// lags the truth under `on-reconnect`.
public enum CompositionTruth {
  /// The truthful slots of `composition`, or nil without one. Reads the publishers only (at
  /// most 12): the scan of the participants compares one field each, copies nothing else and
  /// stops when it has found every publisher, since every action on a publisher at 10,000
  /// participants runs it.
  public static func slots(for composition: CompositionSnapshot?, in snapshot: StageSnapshot)
    -> [CompositionSlot]?
  {
    guard let composition else { return nil }
    var byID: [String: [String: String]] = [:]
    for publisher in snapshot.publishers { byID[publisher] = [:] }
    let participants = snapshot.participants
    var found = 0
    for index in participants.indices where found < byID.count {
      guard participants[index].publish != .notPublished else { continue }
      let id = participants[index].id
      guard byID[id] != nil else { continue }
      byID[id] = participants[index].metadata?.attributes ?? [:]
      found += 1
    }
    let entries = snapshot.publishers.map {
      CompositionLayout.Entry(participant: $0, attributes: byID[$0] ?? [:])
    }
    return CompositionLayout.slots(for: entries, configuration: composition.configuration)
  }
}
