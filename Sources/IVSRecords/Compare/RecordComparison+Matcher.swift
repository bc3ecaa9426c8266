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
    private var queues: [Key: Queue] = [:]
    /// The model events kept (each once): those a recorded event took and those of
    /// covered participants that no recorded event took.
    private var modelled: [StageEvent] = []
    /// Per recorded event, the position in `modelled` of the event it took.
    private var matches: [Int?]
    /// Positions in `modelled` of the events no recorded event took.
    private var unrecorded: [Int] = []

    init(session: ImportedSession, toleranceSeconds: Int64) {
      covered = session.covered
      publishCovered = session.publishCovered
      recorded = session.recorded
      tolerance = toleranceSeconds * 1000
      matches = Array(repeating: nil, count: recorded.count)
      // Fields are read by position: iterating would copy every recorded event.
      for position in recorded.indices {
        guard let kind = recorded[position].kind,
          RecordedEvent.isModelled(kind, errorCode: recorded[position].errorCode)
        else { continue }
        let key = Key(
          kind: kind, participant: recorded[position].participantId,
          remote: recorded[position].remoteParticipantId)
        queues[key, default: Queue()].append(position, at: recorded[position].time)
      }
    }

    static let kinds: Set<EventKind> = Set(RecordedEvent.modelledKinds.values)
    static let publishKinds: Set<EventKind> = [.publishStarted, .publishStopped, .publishError]

    /// Offers a batch of the run's events. Only server events are compared, and they are
    /// picked by position: copying a `StageEvent` retains each of its references, and most
    /// of a run's events are the clients'.
    mutating func offer(_ batch: [StageEvent]) {
      for index in batch.indices where batch[index].source == .server {
        offer(batch, at: index)
      }
    }

    private mutating func offer(_ batch: [StageEvent], at index: Int) {
      let kind = batch[index].kind
      guard Self.kinds.contains(kind), let participant = batch[index].participant else { return }
      let key = Key(kind: kind, participant: participant, remote: batch[index].remoteParticipantId)
      if let position = take(key, at: batch[index].time * 1000) {
        matches[position] = modelled.count
        modelled.append(batch[index])
      } else if isCovered(kind, participant) {
        unrecorded.append(modelled.count)
        modelled.append(batch[index])
      }
    }

    /// The position of the recorded event of `key` that a model event at `time` matches.
    private mutating func take(_ key: Key, at time: Int64) -> Int? {
      // One hash of the key per model event: the queue is found once and updated in place.
      guard let index = queues.index(forKey: key) else { return nil }
      return queues.values[index].take(at: time, tolerance: tolerance)
    }

    private func isCovered(_ kind: EventKind, _ participant: String) -> Bool {
      covered.contains(participant)
        || (publishCovered.contains(participant) && Self.publishKinds.contains(kind))
    }

    /// Every recorded event with its verdict and every unrecorded model event, in time
    /// order (model order within one time).
    func entries() -> Entries {
      var times: [Int64] = []
      var seqs: [Int] = []
      times.reserveCapacity(recorded.count + unrecorded.count)
      seqs.reserveCapacity(recorded.count + unrecorded.count)
      // By position: iterating would copy every event.
      for index in recorded.indices {
        times.append(recorded[index].time)
        seqs.append(matches[index].map { modelled[$0].seq } ?? 0)
      }
      for position in unrecorded {
        times.append(modelled[position].time * 1000)
        seqs.append(modelled[position].seq)
      }
      let order = times.indices.sorted { (a: Int, b: Int) -> Bool in
        if times[a] != times[b] { return times[a] < times[b] }
        if seqs[a] != seqs[b] { return seqs[a] < seqs[b] }
        return a < b
      }
      return Entries(
        recorded: recorded, modelled: modelled, matches: matches, unrecorded: unrecorded,
        order: order)
    }
  }

  /// The recorded events of one key, oldest first: their positions in the recorded events
  /// and their times side by side (the matcher scans times; reading them from the events
  /// themselves would touch a whole event each), and how many are settled.
  struct Queue {
    private var positions: [Int] = []
    private var times: [Int64] = []
    private var next = 0

    mutating func append(_ position: Int, at time: Int64) {
      positions.append(position)
      times.append(time)
    }

    /// The position of the first unsettled event within `tolerance` of `time`, now settled;
    /// those whose window `time` has passed are settled unmatched.
    mutating func take(at time: Int64, tolerance: Int64) -> Int? {
      while next < times.count, times[next] + tolerance < time { next += 1 }
      guard next < times.count, times[next] - tolerance <= time else { return nil }
      next += 1
      return positions[next - 1]
    }
  }
}
