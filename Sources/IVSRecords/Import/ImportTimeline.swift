/// A record set's events made the timeline an import runs: EventBridge events that
/// ListParticipantEvents also tells dropped, joins inferred from `firstJoinTime` added,
/// sorted. Made once for every what-if variant, and in place: the events are taken out of
/// the record set, so events the caller gave up are never copied.
struct ImportTimeline {
  let timeline: RecordTimeline
  /// How many EventBridge events were dropped as ListParticipantEvents ones.
  let merged: Int
  /// Whether the timeline holds inferred joins (never recorded, never compared).
  let hasInferred: Bool

  /// Takes the events out of `records` (left without events) and makes them the timeline.
  init(taking records: inout RecordSet) {
    let inferred = Self.inferredJoins(records)
    var events: [RecordedEvent] = []
    swap(&events, &records.events)
    merged = SourceMerge.merge(&events)
    if !inferred.isEmpty {
      events.reserveCapacity(events.count + inferred.count)
      events += inferred
    }
    hasInferred = !inferred.isEmpty
    timeline = RecordTimeline(consume events)
  }

  /// Participants described by get-participant / list-participants but without
  /// ListParticipantEvents events (none, or EventBridge's publish events only) join at their
  /// `firstJoinTime` (an inferred event: never compared), not at their first publish event;
  /// so does one whose oldest own event is not a JOINED and comes after its `firstJoinTime`
  /// (its oldest page is missing: it was on the stage from then, not from that event).
  private static func inferredJoins(_ records: RecordSet) -> [RecordedEvent] {
    // Only a record with a `firstJoinTime` can infer a join: without one, the events (a
    // million, perhaps) are not read.
    guard records.participants.values.contains(where: { $0.firstJoinTime != nil }) else {
      return []
    }
    var oldest: [String: (time: Int64, joined: Bool)] = [:]
    for index in records.events.indices where !records.events[index].viaEventBridge {
      let event = records.events[index]
      let joined = event.kind == .joined
      if let known = oldest[event.participantId],
        known.time < event.time
          || (known.time == event.time && known.joined)
      {
        continue
      }
      oldest[event.participantId] = (event.time, joined)
    }
    return records.participants.values.sorted { $0.id < $1.id }.compactMap { record in
      inferredJoin(of: record, oldestOwn: oldest[record.id])
    }
  }

  /// The join `record`'s `firstJoinTime` infers (never recorded, never compared) for a
  /// participant whose oldest own event (not EventBridge's) is `oldest` — at what time, and
  /// whether a JOINED is among those then: with none, or with one that is not a JOINED and
  /// comes after it; nil otherwise, or without a `firstJoinTime`.
  static func inferredJoin(
    of record: ParticipantRecord, oldestOwn oldest: (time: Int64, joined: Bool)?
  )
    -> RecordedEvent?
  {
    guard let time = record.firstJoinTime else { return nil }
    if let oldest, oldest.joined || time >= oldest.time { return nil }
    var event = RecordedEvent(
      name: "JOINED", kind: .joined, participantId: record.id, time: time,
      viaEventBridge: false, place: RecordPlace(file: "\(record.id): firstJoinTime", path: ""))
    event.isInferred = true
    return event
  }
}
