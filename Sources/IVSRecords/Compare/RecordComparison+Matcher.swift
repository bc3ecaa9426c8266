import StageEngine

extension RecordComparison {
  /// The server events the model compares by (name, participant, publisher).
  struct Key: Hashable {
    let kind: EventKind
    let participant: String
    let remote: String?
  }

  /// Matches model events as they come against the recorded events of the same key: each
  /// recorded event, oldest first, takes the oldest model event within the tolerance not
  /// taken before. Both sides of a key are in time order, so one position per key says
  /// which recorded event is next; a model event before that one's window is one the
  /// records lack, and a recorded event whose window has passed is missing in the model.
  struct Matcher {
    private let covered: Set<String>
    private let publishCovered: Set<String>
    private let recorded: [RecordedEvent]
    /// Milliseconds.
    private let tolerance: Int64
    /// Per key, its recorded events in time order.
    private var queues: Queues
    /// Per recorded event, the model event it took: what differs from the recorded event
    /// (whole `StageEvent`s were twice the records' size).
    private var matches: [Match?]
    /// The error codes of the model events taken that carry one, by recorded position.
    private var errorCodes: [Int: String] = [:]
    /// The model events of covered participants that no recorded event took, in model order.
    private var unrecorded: [ModelledEvent] = []

    init(session: ImportedSession, toleranceSeconds: Int64) {
      covered = session.covered
      publishCovered = session.publishCovered
      recorded = session.recorded
      tolerance = toleranceSeconds * 1000
      matches = Array(repeating: nil, count: recorded.count)
      queues = Queues(recorded)
    }

    static let kinds: Set<EventKind> = Set(RecordedEvent.modelledKinds.values)
    static let publishKinds: Set<EventKind> = [.publishStarted, .publishStopped, .publishError]

    /// The events of `batch` the comparison reads: its server events of the kinds the records
    /// have, compacted. Made on the model's thread, which keeps no batch beyond its step: a
    /// batch the comparison's thread still held made the stage allocate a fresh buffer, as
    /// large as its largest batch, for every step. Picked by position: copying a `StageEvent`
    /// retains each of its references, and most of a run's events are the clients'.
    static func compared(_ batch: [StageEvent]) -> [ModelledEvent] {
      var events: [ModelledEvent] = []
      for index in batch.indices
      where batch[index].source == .server && kinds.contains(batch[index].kind)
        && batch[index].participant != nil
      {
        events.append(ModelledEvent(batch[index]))
      }
      return events
    }

    /// Offers a batch of the run's events, as `compared` picks them.
    mutating func offer(_ events: [ModelledEvent]) {
      for index in events.indices { offer(events[index]) }
    }

    private mutating func offer(_ event: ModelledEvent) {
      let key = Key(
        kind: event.kind, participant: event.participant, remote: event.remoteParticipantId)
      // One hash of the key per model event: its queue is found once and updated in place.
      if let position = queues.take(key, at: event.time * 1000, tolerance: tolerance) {
        matches[position] = Match(seq: event.seq, time: event.time)
        if let code = event.errorCode { errorCodes[position] = code }
      } else if isCovered(event.kind, event.participant) {
        unrecorded.append(event)
      }
    }

    private func isCovered(_ kind: EventKind, _ participant: String) -> Bool {
      covered.contains(participant)
        || (publishCovered.contains(participant) && Self.publishKinds.contains(kind))
    }

    /// Every recorded event with its verdict and every unrecorded model event, in time
    /// order (model order within one time).
    consuming func entries() -> Entries {
      // The queues are done with: let go before the sort, the run's high point. Positions
      // are sorted in place, their keys read where they are: arrays of the keys beside them
      // would be the largest thing held at the end of a long run.
      queues = Queues([])
      var order = Array(0..<(recorded.count + unrecorded.count))
      order.sort { (a: Int, b: Int) -> Bool in
        let timeA = time(at: a)
        let timeB = time(at: b)
        if timeA != timeB { return timeA < timeB }
        let seqA = seq(at: a)
        let seqB = seq(at: b)
        if seqA != seqB { return seqA < seqB }
        return a < b
      }
      return Entries(
        recorded: recorded, matches: matches, errorCodes: errorCodes, unrecorded: unrecorded,
        order: order)
    }

    /// Milliseconds of entry `index`: a recorded event below `recorded.count`, the others
    /// count on into `unrecorded` (read by position: iterating would copy every event).
    private func time(at index: Int) -> Int64 {
      index < recorded.count ? recorded[index].time : unrecorded[index - recorded.count].time * 1000
    }

    /// The model's `seq` of entry `index` (0 for a recorded event no model event took).
    private func seq(at index: Int) -> Int {
      index < recorded.count ? matches[index]?.seq ?? 0 : unrecorded[index - recorded.count].seq
    }
  }

  /// The recorded events of every key, oldest first, as one list where each key's events
  /// lie side by side with how many are settled: a model event reads one entry of the
  /// list (a list per key, or the events themselves, would cost a few cache misses more).
  struct Queues {
    /// Each key's number.
    private var slots: [Key: Int] = [:]
    /// Per key number: where its first unsettled event is in `entries`, and where its
    /// events end.
    private var next: [Int] = []
    private var ends: [Int] = []
    /// Each recorded event the model can produce: its time and its position in the
    /// recorded events.
    private var entries: [(time: Int64, position: Int)] = []

    init(_ recorded: [RecordedEvent]) {
      // Fields are read by position: iterating would copy every recorded event.
      var slotOf = Array(repeating: -1, count: recorded.count)
      var counts: [Int] = []
      for position in recorded.indices {
        guard let kind = recorded[position].kind,
          RecordedEvent.isModelled(kind, errorCode: recorded[position].errorCode)
        else { continue }
        let key = Key(
          kind: kind, participant: recorded[position].participantId,
          remote: recorded[position].remoteParticipantId)
        let slot = slots[key] ?? counts.count
        if slot == counts.count {
          slots[key] = slot
          counts.append(0)
        }
        counts[slot] += 1
        slotOf[position] = slot
      }
      var start = 0
      for count in counts {
        next.append(start)
        start += count
        ends.append(start)
      }
      entries = Array(repeating: (0, 0), count: start)
      var fill = next
      for position in recorded.indices where slotOf[position] >= 0 {
        entries[fill[slotOf[position]]] = (recorded[position].time, position)
        fill[slotOf[position]] += 1
      }
    }

    /// The position of the first unsettled event of `key` within `tolerance` of `time`,
    /// now settled; those whose window `time` has passed are settled unmatched.
    mutating func take(_ key: Key, at time: Int64, tolerance: Int64) -> Int? {
      guard let slot = slots[key] else { return nil }
      var cursor = next[slot]
      while cursor < ends[slot], entries[cursor].time + tolerance < time { cursor += 1 }
      guard cursor < ends[slot], entries[cursor].time - tolerance <= time else {
        next[slot] = cursor
        return nil
      }
      next[slot] = cursor + 1
      return entries[cursor].position
    }
  }
}
