import StageEngine

/// The layout the composition would show if it followed every participant's current
/// attributes (policy `live`): compared with the actual slots, it tells whether the layout
/// lags the truth under `on-reconnect`.
public enum CompositionTruth {
  /// The truthful slots of `composition`, or nil without one. Visits publishers only (at
  /// most 12).
  public static func slots(for composition: CompositionSnapshot?, in snapshot: StageSnapshot)
    -> [CompositionSlot]?
  {
    guard let composition else { return nil }
    var byID: [String: [String: String]] = [:]
    for publisher in snapshot.publishers { byID[publisher] = [:] }
    for participant in snapshot.participants where byID[participant.id] != nil {
      byID[participant.id] = participant.metadata?.attributes ?? [:]
    }
    let entries = snapshot.publishers.map {
      CompositionLayout.Entry(participant: $0, attributes: byID[$0] ?? [:])
    }
    return CompositionLayout.slots(for: entries, configuration: composition.configuration)
  }
}
