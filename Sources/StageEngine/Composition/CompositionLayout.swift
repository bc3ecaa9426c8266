/// The pure layout rules of SPEC §4: which publishing participant goes where.
///
/// Kept apart from the stage so the ordering table can be tested directly and
/// the stage only decides which attributes the composition believes.
public enum CompositionLayout {
  /// A publishing participant as the composition sees it.
  public struct Entry: Equatable, Sendable {
    /// Participant ID.
    public let participant: String
    /// Attributes the composition believes.
    public let attributes: [String: String]

    /// Creates an entry.
    public init(participant: String, attributes: [String: String]) {
      self.participant = participant
      self.attributes = attributes
    }
  }

  /// Lays out `entries` (given in arrival order) under `configuration`.
  ///
  /// Order: integer values of `participantOrderAttribute` ascending (ties by
  /// arrival), then everyone else in arrival order; an empty attribute name keeps
  /// arrival order. The featured slot goes to the first participant in that order
  /// whose featured attribute is `"true"` (pip layout: else the first); the PiP
  /// window to the first other participant whose PiP attribute is `"true"`, else
  /// the first other participant in order.
  public static func slots(
    for entries: [Entry], configuration: CompositionConfiguration
  ) -> [CompositionSlot] {
    var ordered = order(entries, by: configuration.participantOrderAttribute)
    var slots: [CompositionSlot] = []
    let featuredIndex =
      flagged(ordered, configuration.featuredParticipantAttribute)
      ?? (configuration.layout == .pip && !ordered.isEmpty ? 0 : nil)
    if let index = featuredIndex {
      slots.append(
        CompositionSlot(role: .featured, participant: ordered.remove(at: index).participant))
    }
    if configuration.layout == .pip, !ordered.isEmpty {
      let index = flagged(ordered, configuration.pipParticipantAttribute) ?? 0
      slots.append(CompositionSlot(role: .pip, participant: ordered.remove(at: index).participant))
    }
    for entry in ordered {
      slots.append(CompositionSlot(role: .tile, participant: entry.participant))
    }
    return slots
  }

  /// The §4 ordering alone: integers ascending (stable), then the rest in arrival order.
  public static func order(_ entries: [Entry], by attribute: String) -> [Entry] {
    guard !attribute.isEmpty else { return entries }
    var numbered: [(value: Int, arrival: Int, entry: Entry)] = []
    var rest: [Entry] = []
    for (arrival, entry) in entries.enumerated() {
      if let text = entry.attributes[attribute], let value = Int(text) {
        numbered.append((value, arrival, entry))
      } else {
        rest.append(entry)
      }
    }
    numbered.sort { ($0.value, $0.arrival) < ($1.value, $1.arrival) }
    return numbered.map(\.entry) + rest
  }

  private static func flagged(_ entries: [Entry], _ attribute: String) -> Int? {
    guard !attribute.isEmpty else { return nil }
    return entries.firstIndex { $0.attributes[attribute] == "true" }
  }
}
