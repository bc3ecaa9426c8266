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
    /// What the comparison kept of the model's event, if any.
    public let modelled: ModelledEvent?

    /// Milliseconds of the recorded event, else of the model's.
    public var time: Int64 { recorded?.time ?? (modelled.map { $0.time * 1000 } ?? 0) }
  }

  /// Every entry, in time order.
  public let entries: Entries
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
    matcher.offer(Matcher.compared(modelled))
    self.init(entries: matcher.entries(), toleranceSeconds: toleranceSeconds)
  }

  private init(entries: Entries, toleranceSeconds: Int64) {
    self.entries = entries
    self.toleranceSeconds = toleranceSeconds
    counts = entries.counts()
  }

  /// Runs `session`'s scenario and compares as the events come, on a second core (see
  /// `EventBatchPipeline`), keeping of the model's events only what the comparison's readers
  /// show of those that match a recorded one or that the records lack (a long record's full
  /// stream never sits in memory); `sink` sees every event as it is produced, on the caller's
  /// thread.
  public static func run(
    _ session: ImportedSession, file: String, toleranceSeconds: Int64,
    sink: ([StageEvent]) -> Void = { _ in }
  ) throws(ScenarioError) -> RecordComparison {
    let runner = try ScenarioRunner(scenario: session.runnable, file: file)
    let pipeline = EventBatchPipeline(
      consumer: Matcher(session: session, toleranceSeconds: toleranceSeconds),
      consume: { matcher, batch in matcher.offer(batch) })
    do {
      try runner.run { batch in
        sink(batch)
        let compared = Matcher.compared(batch)
        if !compared.isEmpty { pipeline.push(compared) }
      }
    } catch {
      _ = pipeline.finish()
      throw error
    }
    return RecordComparison(
      entries: pipeline.finish().entries(), toleranceSeconds: toleranceSeconds)
  }
}

extension RecordComparison {
  /// The side-by-side timeline, each entry made when it is read: a long record's million
  /// entries are positions into the recorded events and what was kept of the model's, not
  /// copies of them.
  public struct Entries: RandomAccessCollection, Sendable {
    /// The recorded events, oldest first.
    let recorded: [RecordedEvent]
    /// Per recorded event, the model event it took.
    let matches: [Match?]
    /// The error codes of the model events taken that carry one, by recorded position.
    let errorCodes: [Int: String]
    /// The model events no recorded event took, in model order.
    let unrecorded: [ModelledEvent]
    /// The entries in time order: a position below `recorded.count` is a recorded event,
    /// the others count on into `unrecorded`.
    let order: [Int]

    /// The first position.
    public var startIndex: Int { order.startIndex }
    /// One past the last position.
    public var endIndex: Int { order.endIndex }

    /// The entry at `position`.
    public subscript(position: Int) -> Entry {
      let index = order[position]
      guard index < recorded.count else {
        return Entry(
          status: .missingInRecords, recorded: nil, modelled: unrecorded[index - recorded.count])
      }
      return Entry(
        status: status(ofRecorded: index), recorded: recorded[index],
        modelled: modelled(ofRecorded: index))
    }

    /// The model event the recorded event at `index` took: its kind and participants are the
    /// recorded event's (they are the key both sides were matched by).
    func modelled(ofRecorded index: Int) -> ModelledEvent? {
      guard let match = matches[index], let kind = recorded[index].kind else { return nil }
      return ModelledEvent(
        seq: match.seq, time: match.time, kind: kind, participant: recorded[index].participantId,
        remoteParticipantId: recorded[index].remoteParticipantId, errorCode: errorCodes[index])
    }

    /// The verdict on the recorded event at `index`.
    func status(ofRecorded index: Int) -> Entry.Status {
      // Fields by position: `isModelled` on the element would copy it.
      guard RecordedEvent.isModelled(recorded[index].kind, errorCode: recorded[index].errorCode)
      else { return .outsideModel }
      return matches[index] == nil ? .missingInModel : .reproduced
    }

    /// How many entries have each status, without making the entries.
    func counts() -> [Entry.Status: Int] {
      var counts: [Entry.Status: Int] = [:]
      for index in recorded.indices { counts[status(ofRecorded: index), default: 0] += 1 }
      if !unrecorded.isEmpty { counts[.missingInRecords] = unrecorded.count }
      return counts
    }
  }
}
