import StageEngine

/// Verdicts that rest on a subscription the observer's own records do not hold (findings
/// 101837, 102103): the model has the observer subscribe to the participant, but its records,
/// given, show no such `SUBSCRIBE_STARTED`. Its newest page may be missing (a lost newest
/// page leaves no `nextToken` unanswered, and get-participant may still say `CONNECTED`), or it
/// left before a subscription the model starts in that same second; either way what it showed
/// of the participant then is not known.
extension Explanation {
  /// `stories` with each such verdict marked unknown, changed in place: the subscription is
  /// one the model starts after the participant's exchange before this one and before the
  /// observer was told (or the end).
  static func unsubscribed(
    _ stories: consuming [ExchangeStory], _ comparison: RecordComparison,
    _ session: ImportedSession
  ) -> [ExchangeStory] {
    var started: [String: [String: [Int64]]] = [:]
    for event in comparison.entries.unrecorded where event.kind == .subscribeStarted {
      guard let remote = event.remoteParticipantId else { continue }
      started[event.participant, default: [:]][remote, default: []].append(event.time)
    }
    guard !started.isEmpty else { return stories }
    let heldFor = valuesHeld(stories)
    var previous: [String: Int64] = [:]
    for story in stories.indices {
      let participant = stories[story].participant
      let since = previous[participant] ?? .min
      previous[participant] = stories[story].time
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        guard !sighting.isComposition,
          let times = started[sighting.observer]?[participant]
        else { continue }
        let reach =
          sighting.verdict == .never
          ? Int64.max : max(sighting.time ?? .max, sighting.stale?.until ?? .min)
        guard let time = times.first(where: { $0 >= since && $0 <= reach }) else { continue }
        stories[story].sightings[index].unsettle(
          "the model has \(session.name(sighting.observer)) subscribe to \(participant) at"
            + " \(VirtualTime.iso8601(time)), which its own records do not show (its newest events"
            + " missing, or it left first): what it showed of \(participant) then is not known"
            + " (fetch its list-participant-events pages again)",
          Sighting.StaleBounds(atLeast: 0, atMost: heldFor[story]))
      }
    }
    return stories
  }
}
