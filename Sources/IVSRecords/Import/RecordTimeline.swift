/// The records as one timeline: sorted by time (newest-first input is normal), events
/// sharing a timestamp in the order their logic demands, exact duplicates dropped.
struct RecordTimeline {
  /// Oldest first.
  let events: [RecordedEvent]
  /// How many exact duplicates were dropped.
  let duplicates: Int

  init(_ records: [RecordedEvent]) {
    let order = records.indices.sorted { a, b in
      let x = records[a]
      let y = records[b]
      if x.time != y.time { return x.time < y.time }
      if x.logicalRank != y.logicalRank { return x.logicalRank < y.logicalRank }
      if x.participantId != y.participantId { return x.participantId < y.participantId }
      if x.name != y.name { return x.name < y.name }
      if x.remoteParticipantId != y.remoteParticipantId {
        return (x.remoteParticipantId ?? "") < (y.remoteParticipantId ?? "")
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
    var seen: Set<String> = []
    var ids: [String] = []
    for event in events {
      if seen.insert(event.participantId).inserted { ids.append(event.participantId) }
      if let remote = event.remoteParticipantId, seen.insert(remote).inserted { ids.append(remote) }
    }
    return ids
  }
}
