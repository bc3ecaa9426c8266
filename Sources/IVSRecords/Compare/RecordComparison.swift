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

  /// Whether every recorded event the model can produce was produced, and nothing extra.
  public var isReproduced: Bool {
    !entries.contains { $0.status == .missingInModel || $0.status == .missingInRecords }
  }

  /// Entries with `status`.
  public func count(_ status: Entry.Status) -> Int { entries.filter { $0.status == status }.count }

  /// Compares `session`'s recorded events with the model's events (`modelled`).
  public init(session: ImportedSession, modelled: [StageEvent], toleranceSeconds: Int64) {
    var matcher = Matcher(session: session)
    for event in modelled { matcher.offer(event) }
    self.init(matcher: matcher, session: session, toleranceSeconds: toleranceSeconds)
  }

  init(matcher: Matcher, session: ImportedSession, toleranceSeconds: Int64) {
    var matcher = matcher
    self.toleranceSeconds = toleranceSeconds
    entries = matcher.match(session.recorded, tolerance: toleranceSeconds * 1000)
  }

  /// Runs `session`'s scenario and compares, keeping only the server events the
  /// comparison needs (a long record's full stream never sits in memory); `sink` sees
  /// every event as it is produced.
  public static func run(
    _ session: ImportedSession, file: String, toleranceSeconds: Int64,
    sink: ([StageEvent]) -> Void = { _ in }
  ) throws(ScenarioError) -> RecordComparison {
    let runner = try ScenarioRunner(scenario: session.scenario, file: file)
    var matcher = Matcher(session: session)
    try runner.run { batch in
      for event in batch { matcher.offer(event) }
      sink(batch)
    }
    return RecordComparison(matcher: matcher, session: session, toleranceSeconds: toleranceSeconds)
  }

  /// The server events the model compares by (name, participant, publisher).
  struct Key: Hashable {
    let kind: EventKind
    let participant: String
    let remote: String?
  }

  /// Model events queued per key, each used at most once, oldest first.
  struct Matcher {
    let covered: Set<String>
    let publishCovered: Set<String>
    var queues: [Key: [StageEvent]] = [:]
    var heads: [Key: Int] = [:]

    init(session: ImportedSession) {
      covered = session.covered
      publishCovered = session.publishCovered
    }

    static let kinds: Set<EventKind> = Set(RecordedEvent.modelledKinds.values)
    static let publishKinds: Set<EventKind> = [.publishStarted, .publishStopped, .publishError]

    mutating func offer(_ event: StageEvent) {
      guard event.source == .server, Self.kinds.contains(event.kind),
        let participant = event.participant
      else { return }
      let key = Key(kind: event.kind, participant: participant, remote: event.remoteParticipantId)
      queues[key, default: []].append(event)
    }

    func isCovered(_ event: StageEvent) -> Bool {
      guard let participant = event.participant else { return false }
      return covered.contains(participant)
        || (publishCovered.contains(participant) && Self.publishKinds.contains(event.kind))
    }

    mutating func match(_ recorded: [RecordedEvent], tolerance: Int64) -> [Entry] {
      var entries: [Entry] = []
      entries.reserveCapacity(recorded.count)
      var taken: [Key: [Bool]] = [:]
      for event in recorded {
        guard event.isModelled, let kind = event.kind else {
          entries.append(Entry(status: .outsideModel, recorded: event, modelled: nil))
          continue
        }
        let key = Key(
          kind: kind, participant: event.participantId, remote: event.remoteParticipantId)
        let match = take(key, near: event.time, tolerance: tolerance, taken: &taken)
        entries.append(
          Entry(
            status: match == nil ? .missingInModel : .reproduced, recorded: event, modelled: match))
      }
      for (key, queue) in queues {
        let flags = taken[key] ?? []
        for (index, event) in queue.enumerated()
        where !(index < flags.count && flags[index]) && isCovered(event) {
          entries.append(Entry(status: .missingInRecords, recorded: nil, modelled: event))
        }
      }
      return entries.sorted { a, b in
        a.time != b.time ? a.time < b.time : (a.modelled?.seq ?? 0) < (b.modelled?.seq ?? 0)
      }
    }

    /// The oldest unused model event of `key` within `tolerance` ms of `time`.
    private mutating func take(
      _ key: Key, near time: Int64, tolerance: Int64, taken: inout [Key: [Bool]]
    ) -> StageEvent? {
      guard let count = queues[key]?.count else { return nil }
      if taken[key] == nil { taken[key] = Array(repeating: false, count: count) }
      var head = heads[key] ?? 0
      while head < count, (queues[key]?[head].time ?? 0) * 1000 < time - tolerance { head += 1 }
      heads[key] = head
      var index = head
      while index < count, let candidate = queues[key]?[index],
        candidate.time * 1000 <= time + tolerance
      {
        if taken[key]?[index] == false {
          taken[key]?[index] = true
          return candidate
        }
        index += 1
      }
      return nil
    }
  }
}
