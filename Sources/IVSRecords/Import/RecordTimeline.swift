import StageEngine

/// The records as one timeline: sorted by time (newest-first input is normal), events
/// sharing a timestamp in the order their logic demands, exact duplicates dropped.
struct RecordTimeline {
  /// Oldest first.
  let events: [RecordedEvent]
  /// How many exact duplicates were dropped.
  let duplicates: Int
  /// Every participant ID the events name (as actor or as publisher), by ordinal.
  private let ids: [String]
  /// Per event of `events`, the ordinal of its participant.
  private let actors: [Int]
  /// Per event of `events`, the ordinal of its publisher (`remoteParticipantId`), or nil.
  private let remotes: [Int?]

  init(_ records: [RecordedEvent]) {
    // Each ID is hashed once per event here; everything after works on ordinals.
    let names = ParticipantOrdinals(records)
    // Sorts positions, not events (an event is a dozen references to retain and release),
    // by keys worked out once: time, rank, and the participant's place in ID order.
    let keys = records.indices.map { index in
      (records[index].time, records[index].logicalRank, names.rank[names.actors[index]])
    }
    let order = records.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a] < keys[b] }
      if records[a].name != records[b].name { return records[a].name < records[b].name }
      if records[a].remoteParticipantId != records[b].remoteParticipantId {
        return (records[a].remoteParticipantId ?? "") < (records[b].remoteParticipantId ?? "")
      }
      return a < b
    }
    var kept: [RecordedEvent] = []
    var actors: [Int] = []
    var remotes: [Int?] = []
    kept.reserveCapacity(records.count)
    actors.reserveCapacity(records.count)
    remotes.reserveCapacity(records.count)
    var duplicates = 0
    var lastKept: Int?
    for index in order {
      // A duplicate has the keys of the last kept event: only then are the events compared.
      if let last = lastKept, keys[last] == keys[index],
        records[last].sameRecord(as: records[index])
      {
        duplicates += 1
      } else {
        lastKept = index
        kept.append(records[index])
        actors.append(names.actors[index])
        remotes.append(names.remotes[index])
      }
    }
    events = kept
    self.duplicates = duplicates
    ids = names.ids
    self.actors = actors
    self.remotes = remotes
  }

  /// Every participant ID in order of first appearance (as actor or as publisher).
  var participantIDs: [String] {
    var seen = Array(repeating: false, count: ids.count)
    var found: [String] = []
    func see(_ ordinal: Int) {
      guard !seen[ordinal] else { return }
      seen[ordinal] = true
      found.append(ids[ordinal])
    }
    for index in events.indices {
      see(actors[index])
      if let remote = remotes[index] { see(remote) }
    }
    return found
  }

  /// Each participant's own events, oldest first, as positions in `events` (grouping the
  /// events themselves would copy a million of them).
  var eventsByParticipant: [String: TimelineEvents] {
    var positions = Array(repeating: [Int](), count: ids.count)
    for index in events.indices { positions[actors[index]].append(index) }
    var byID: [String: TimelineEvents] = [:]
    for (ordinal, list) in positions.enumerated() where !list.isEmpty {
      byID[ids[ordinal]] = TimelineEvents(timeline: events, positions: list)
    }
    return byID
  }
}

/// The participant IDs of some events as small numbers: an ordinal per ID in order of
/// first appearance, and each ID's rank in ID order (the timeline's tie-break).
private struct ParticipantOrdinals {
  private(set) var ids: [String] = []
  /// Per event, the ordinal of its participant.
  private(set) var actors: [Int] = []
  /// Per event, the ordinal of its publisher, or nil.
  private(set) var remotes: [Int?] = []
  /// Per ordinal, its ID's place in ID order.
  private(set) var rank: [Int] = []
  private var ordinals: [String: Int] = [:]

  init(_ records: [RecordedEvent]) {
    actors.reserveCapacity(records.count)
    remotes.reserveCapacity(records.count)
    // By position: iterating would copy every event. A file lists one participant's events
    // together, so the previous event's participant is looked for before hashing.
    for index in records.indices {
      let sameAsPrevious =
        index > 0 && records[index - 1].participantId == records[index].participantId
      actors.append(sameAsPrevious ? actors[index - 1] : ordinal(records[index].participantId))
      remotes.append(records[index].remoteParticipantId.map { ordinal($0) })
    }
    rank = Array(repeating: 0, count: ids.count)
    for (place, ordinal) in ids.indices.sorted(by: { ids[$0] < ids[$1] }).enumerated() {
      rank[ordinal] = place
    }
  }

  private mutating func ordinal(_ id: String) -> Int {
    if let known = ordinals[id] { return known }
    ordinals[id] = ids.count
    ids.append(id)
    return ids.count - 1
  }
}

/// Some of a timeline's events, oldest first, read in place.
struct TimelineEvents: RandomAccessCollection {
  let timeline: [RecordedEvent]
  let positions: [Int]

  var startIndex: Int { positions.startIndex }
  var endIndex: Int { positions.endIndex }
  subscript(index: Int) -> RecordedEvent { timeline[positions[index]] }

  /// The first event of `kind`, read in place (`first(where:)` would copy every event).
  func first(_ kind: EventKind) -> RecordedEvent? {
    positions.first { timeline[$0].kind == kind }.map { timeline[$0] }
  }

  /// Whether some event has `kind`.
  func contains(_ kind: EventKind) -> Bool { positions.contains { timeline[$0].kind == kind } }
}
