import StageEngine

/// A run of an imported scenario set beside the records: each recorded server event
/// matched with a modelled one of the same name and participants within a tolerance
/// (real records carry network and processing delays), and what is left on either side.
public struct RecordComparison: Sendable {
  /// One line of the side-by-side timeline.
  public struct Entry: Sendable {
    /// What the comparison concluded.
    public enum Status: String, Sendable {
      /// Recorded and produced by the model within the tolerance.
      case reproduced
      /// Recorded, but the model produced no counterpart.
      case missingInModel
      /// Produced by the model for a participant whose records were given, but not recorded.
      case missingInRecords
      /// Recorded, of a kind the model does not simulate (replication, media errors, unknown).
      case outsideModel
    }

    /// The verdict.
    public let status: Status
    /// The recorded event, if any.
    public let recorded: RecordedEvent?
    /// The model's event, if any.
    public let modelled: StageEvent?

    /// Milliseconds of the recorded event, else of the model's.
    public var time: Int64 { recorded?.time ?? (modelled.map { $0.time * 1000 } ?? 0) }
  }

  /// Every entry, in time order.
  public let entries: [Entry]
  /// The tolerance used, in seconds.
  public let toleranceSeconds: Int64

  /// How many entries have each status (counted once: a long record has a million).
  private let counts: [Entry.Status: Int]

  /// Whether every recorded event the model can produce was produced, and nothing extra.
  public var isReproduced: Bool { count(.missingInModel) == 0 && count(.missingInRecords) == 0 }

  /// Entries with `status`.
  public func count(_ status: Entry.Status) -> Int { counts[status] ?? 0 }

  /// Compares `session`'s recorded events with the model's events (`modelled`).
  public init(session: ImportedSession, modelled: [StageEvent], toleranceSeconds: Int64) {
    var matcher = Matcher(session: session, toleranceSeconds: toleranceSeconds)
    for event in modelled { matcher.offer(event) }
    self.init(entries: matcher.entries(), toleranceSeconds: toleranceSeconds)
  }

  private init(entries: [Entry], toleranceSeconds: Int64) {
    self.entries = entries
    self.toleranceSeconds = toleranceSeconds
    var counts: [Entry.Status: Int] = [:]
    for index in entries.indices { counts[entries[index].status, default: 0] += 1 }
    self.counts = counts
  }

  /// Runs `session`'s scenario and compares as the events come, keeping only the model
  /// events that match a recorded one or that the records lack (a long record's full
  /// stream never sits in memory); `sink` sees every event as it is produced.
  public static func run(
    _ session: ImportedSession, file: String, toleranceSeconds: Int64,
    sink: ([StageEvent]) -> Void = { _ in }
  ) throws(ScenarioError) -> RecordComparison {
    let runner = try ScenarioRunner(scenario: session.runnable, file: file)
    var matcher = Matcher(session: session, toleranceSeconds: toleranceSeconds)
    try runner.run { batch in
      for event in batch { matcher.offer(event) }
      sink(batch)
    }
    return RecordComparison(entries: matcher.entries(), toleranceSeconds: toleranceSeconds)
  }

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
    /// Per key: the positions in `recorded` of its events, and how many are settled.
    private var queues: [Key: (positions: [Int], next: Int)] = [:]
    /// The model event each recorded event matched, by position.
    private var matches: [StageEvent?]
    /// Model events of covered participants that no recorded event took.
    private var unrecorded: [StageEvent] = []

    init(session: ImportedSession, toleranceSeconds: Int64) {
      covered = session.covered
      publishCovered = session.publishCovered
      recorded = session.recorded
      tolerance = toleranceSeconds * 1000
      matches = Array(repeating: nil, count: recorded.count)
      for (position, event) in recorded.enumerated() {
        guard event.isModelled, let kind = event.kind else { continue }
        let key = Key(
          kind: kind, participant: event.participantId, remote: event.remoteParticipantId)
        queues[key, default: ([], 0)].positions.append(position)
      }
    }

    static let kinds: Set<EventKind> = Set(RecordedEvent.modelledKinds.values)
    static let publishKinds: Set<EventKind> = [.publishStarted, .publishStopped, .publishError]

    mutating func offer(_ event: StageEvent) {
      guard event.source == .server, Self.kinds.contains(event.kind),
        let participant = event.participant
      else { return }
      let key = Key(kind: event.kind, participant: participant, remote: event.remoteParticipantId)
      let time = event.time * 1000
      if let position = take(key, at: time) {
        matches[position] = event
      } else if isCovered(event) {
        unrecorded.append(event)
      }
    }

    /// The position of the recorded event of `key` that a model event at `time` matches.
    private mutating func take(_ key: Key, at time: Int64) -> Int? {
      // One hash of the key per model event: the queue is found once and updated in place.
      guard let index = queues.index(forKey: key) else { return nil }
      let positions = queues.values[index].positions
      var next = queues.values[index].next
      while next < positions.count, recorded[positions[next]].time + tolerance < time {
        next += 1
      }
      let position =
        next < positions.count && recorded[positions[next]].time - tolerance <= time
        ? positions[next] : nil
      queues.values[index].next = position == nil ? next : next + 1
      return position
    }

    private func isCovered(_ event: StageEvent) -> Bool {
      guard let participant = event.participant else { return false }
      return covered.contains(participant)
        || (publishCovered.contains(participant) && Self.publishKinds.contains(event.kind))
    }

    /// Every recorded event with its verdict and every unrecorded model event, in time
    /// order (model order within one time).
    func entries() -> [Entry] {
      let count = recorded.count + unrecorded.count
      let times: [Int64] = recorded.map(\.time) + unrecorded.map { $0.time * 1000 }
      let seqs: [Int] = matches.map { $0?.seq ?? 0 } + unrecorded.map(\.seq)
      let order = (0..<count).sorted { (a: Int, b: Int) -> Bool in
        if times[a] != times[b] { return times[a] < times[b] }
        if seqs[a] != seqs[b] { return seqs[a] < seqs[b] }
        return a < b
      }
      return order.map { index in
        guard index < recorded.count else {
          return Entry(
            status: .missingInRecords, recorded: nil, modelled: unrecorded[index - recorded.count])
        }
        let event = recorded[index]
        guard event.isModelled else {
          return Entry(status: .outsideModel, recorded: event, modelled: nil)
        }
        let match = matches[index]
        return Entry(
          status: match == nil ? .missingInModel : .reproduced, recorded: event, modelled: match)
      }
    }
  }
}
