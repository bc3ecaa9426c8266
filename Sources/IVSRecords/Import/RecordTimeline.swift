/// The records as one timeline: sorted by time (newest-first input is normal), events
/// sharing a timestamp in the order their logic demands, exact duplicates dropped.
struct RecordTimeline {
  /// Oldest first.
  let events: [RecordedEvent]
  /// How many exact duplicates were dropped.
  let duplicates: Int

  init(_ records: [RecordedEvent]) {
    // Sorts positions, not events (an event is a dozen references to retain and release),
    // by keys worked out once: time, rank, and the participant's place in ID order.
    let ids = Set(records.map(\.participantId)).sorted()
    let ordinals = Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
    let keys = records.map { ($0.time, $0.logicalRank, ordinals[$0.participantId] ?? 0) }
    let order = records.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a] < keys[b] }
      if records[a].name != records[b].name { return records[a].name < records[b].name }
      if records[a].remoteParticipantId != records[b].remoteParticipantId {
        return (records[a].remoteParticipantId ?? "") < (records[b].remoteParticipantId ?? "")
      }
      return a < b
    }
    var kept: [RecordedEvent] = []
    kept.reserveCapacity(records.count)
    var duplicates = 0
    for index in order {
      if let last = kept.last, last.sameRecord(as: records[index]) {
        duplicates += 1
      } else {
        kept.append(records[index])
      }
    }
    events = kept
    self.duplicates = duplicates
  }

  /// Every participant ID in order of first appearance (as actor or as publisher).
  var participantIDs: [String] {
    // Reads fields by position: iterating the events would copy each one.
    var seen: Set<String> = []
    var ids: [String] = []
    for index in events.indices {
      let id = events[index].participantId
      if seen.insert(id).inserted { ids.append(id) }
      if let remote = events[index].remoteParticipantId, seen.insert(remote).inserted {
        ids.append(remote)
      }
    }
    return ids
  }

  /// Each participant's own events, oldest first, as positions in `events` (grouping the
  /// events themselves would copy a million of them).
  var eventsByParticipant: [String: TimelineEvents] {
    var positions: [String: [Int]] = [:]
    for index in events.indices {
      positions[events[index].participantId, default: []].append(index)
    }
    return positions.mapValues { TimelineEvents(timeline: events, positions: $0) }
  }
}

/// Some of a timeline's events, oldest first, read in place.
struct TimelineEvents: RandomAccessCollection {
  let timeline: [RecordedEvent]
  let positions: [Int]

  var startIndex: Int { positions.startIndex }
  var endIndex: Int { positions.endIndex }
  subscript(index: Int) -> RecordedEvent { timeline[positions[index]] }
}
