import StageEngine

/// An unknown verdict carries on: when an observer's verdict about one exchange is unknown
/// and, as far as the records show, it still had not been told when the participant
/// exchanged again, what it showed at that next exchange is unknown too (a network drop it
/// recovered from may have told it the values meanwhile, and the next exchange may set the
/// very values it then showed), and so is its verdict about the next exchange.
extension Explanation {
  /// `stories` with each such verdict marked unknown, changed in place.
  static func carried(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    // Participant and observer → the time of the exchange whose unknown verdict carries on.
    var pending: [String: [String: Int64]] = [:]
    let heldFor = valuesHeld(stories)
    for story in stories.indices where stories[story].changesMetadata {
      let participant = stories[story].participant
      let held = heldFor[story]
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        // Already unknown for another reason, its bounds widen: what that reason leaves
        // certain (a span up to a possible drop) hangs on this one too (finding 14478).
        if let earlier = pending[participant]?[sighting.observer] {
          stories[story].sightings[index].unsettle(
            "what \(session.name(sighting.observer)) showed of \(session.name(participant))"
              + " when this exchange came hangs on the unknown verdict about its exchange at"
              + " \(VirtualTime.iso8601(earlier)) (above)",
            Sighting.StaleBounds(atLeast: 0, atMost: held))
        }
        let after = stories[story].sightings[index]
        pending[participant, default: [:]][sighting.observer] =
          after.unsettledBy != nil && after.verdict == .superseded ? stories[story].time : nil
      }
    }
    return stories
  }
}
