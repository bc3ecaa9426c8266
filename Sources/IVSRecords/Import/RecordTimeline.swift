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

  /// `records` sorted in place: an array the caller gives up (`consume`) is never copied,
  /// so an import holds the read set's events once, not twice.
  init(_ records: consuming [RecordedEvent]) {
    var events = records
    // Each ID is hashed once per event here; everything after works on ordinals.
    let names = ParticipantOrdinals(events)
    var (arrangement, dropped) = Self.arrangement(events, names)
    do {
      // Scoped: the slice must be gone before `arrange` changes the array it views.
      let kept = arrangement[..<(arrangement.count - dropped)]
      actors = kept.map { names.actors[$0] }
      remotes = kept.map { names.remotes[$0] }
    }
    duplicates = dropped
    ids = names.ids
    Self.arrange(&events, by: &arrangement)
    events.removeLast(dropped)
    self.events = events
  }

  /// The positions of the events in timeline order, each exact duplicate moved to the end,
  /// and how many duplicates there are (the last positions, to be dropped). Sorts positions,
  /// not events (an event is a dozen references to retain and release), by keys worked out
  /// once: time, rank, and the participant's place in ID order.
  private static func arrangement(_ events: [RecordedEvent], _ names: ParticipantOrdinals)
    -> (positions: [Int], duplicates: Int)
  {
    let keys = events.indices.map { index in
      (events[index].time, events[index].logicalRank, names.rank[names.actors[index]])
    }
    let order = events.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a] < keys[b] }
      if events[a].name != events[b].name { return events[a].name < events[b].name }
      if events[a].remoteParticipantId != events[b].remoteParticipantId {
        return (events[a].remoteParticipantId ?? "") < (events[b].remoteParticipantId ?? "")
      }
      return a < b
    }
    var kept: [Int] = []
    var dropped: [Int] = []
    kept.reserveCapacity(events.count)
    var lastKept: Int?
    for index in order {
      // A duplicate has the keys of the last kept event: only then are the events compared.
      if let last = lastKept, keys[last] == keys[index], events[last].sameRecord(as: events[index])
      {
        dropped.append(index)
      } else {
        lastKept = index
        kept.append(index)
      }
    }
    kept += dropped
    return (kept, dropped.count)
  }

  /// Moves the events so that `events[i]` is the one that was at `arrangement[i]`, by
  /// swapping along each cycle of the permutation; `arrangement` is used up as the record of
  /// which places are done. The swaps are a span's (memory moved, bounds checked):
  /// `Array.swapAt` copies, retaining and releasing each event's references and checking the
  /// array is unique, which made arranging a million events four times slower than copying
  /// them.
  private static func arrange(_ events: inout [RecordedEvent], by arrangement: inout [Int]) {
    var span = events.mutableSpan
    for start in arrangement.indices {
      var place = start
      while arrangement[place] != start {
        let source = arrangement[place]
        span.swapAt(place, source)
        arrangement[place] = place
        place = source
      }
      arrangement[place] = place
    }
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

  init(_ records: borrowing [RecordedEvent]) {
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
