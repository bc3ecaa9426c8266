/// One event told by several sources — EventBridge (whole seconds) beside
/// ListParticipantEvents (milliseconds) — is one event: matched at the coarser source's
/// precision, the finer record kept. Without this the model would be asked to publish
/// twice and an EventBridge publish at `.000` would precede its own join.
enum SourceMerge {
  /// Drops from `events` the EventBridge events that a ListParticipantEvents event of the
  /// same name, participant and error code tells at the same whole second (or, for an
  /// EventBridge time with milliseconds, the same millisecond), in place; how many were dropped.
  static func merge(_ events: inout [RecordedEvent]) -> Int {
    // By position: iterating would copy every event.
    guard events.indices.contains(where: { events[$0].viaEventBridge }) else { return 0 }
    var told: Set<Key> = []
    for index in events.indices where !events[index].viaEventBridge {
      told.insert(Key(events[index], precise: false))
      told.insert(Key(events[index], precise: true))
    }
    let before = events.count
    events.removeAll { event in
      event.viaEventBridge && told.contains(Key(event, precise: event.time % 1000 != 0))
    }
    return before - events.count
  }

  private struct Key: Hashable {
    let participant: String
    let name: String
    let errorCode: String?
    /// Milliseconds, or whole seconds for a coarse key.
    let time: Int64
    let precise: Bool

    init(_ event: RecordedEvent, precise: Bool) {
      participant = event.participantId
      name = event.name
      errorCode = event.errorCode
      time = precise ? event.time : event.second
      self.precise = precise
    }
  }
}
