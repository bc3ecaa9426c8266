import StageEngine

/// `attach`'s import, kept between polls: the session imported once, and the step builder as
/// it stood after the last event, so newer events become the steps that follow on — work
/// proportional to what arrived, not to the session. A participant the import does not know
/// joins on: it is planned from what its records say so far, as the first import plans the
/// others, and registered before its steps. Whatever cannot follow on (an event older than the
/// last one taken in, a record telling more of a participant already planned) is refused, and
/// the caller imports the whole session again.
public struct LiveImport {
  /// What a poll adds to the running model: participants to register first, then the steps.
  public struct Addition: Sendable {
    /// Participants the records show only now, as the scenario would declare them.
    public let participants: [ScenarioParticipant]
    /// The steps that make the model do what the new events show, oldest first.
    public let steps: [ScenarioStep]
  }

  /// The session as first imported.
  public let session: ImportedSession
  private var builder: StepBuilder
  /// What the records said of each participant planned (what its plan was made from).
  private var described: [String: ParticipantRecord]
  /// Records of participants not imported yet, kept until their events arrive.
  private var waiting: [String: ParticipantRecord] = [:]
  /// Recorded events taken in by `append` so far.
  public private(set) var appendedEvents = 0
  /// Participants that joined on after the first import.
  public private(set) var joined: [String] = []

  /// Imports `records` as `RecordImporter.makeSession` does, keeping the builder.
  public init(records: RecordSet, options: ImportOptions) throws(ImportUsageError) {
    var kept: StepBuilder?
    session = try RecordImporter.makeSession(from: records, options: options, keeping: &kept)
    builder = kept ?? StepBuilder(start: session.runnable.start, plans: [:])
    described = records.participants
  }

  /// What `events` (and the records of participants new to the import, from get-participant
  /// or list-participants) add to the model; nil when they cannot follow on from what was
  /// imported (then import again).
  public mutating func append(
    _ events: [RecordedEvent], records: [String: ParticipantRecord] = [:]
  ) -> Addition? {
    guard records.allSatisfy({ !builder.knows($0.key) || addsNothing($0.value) }) else {
      return nil
    }
    let ordered = events.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
    if let first = ordered.first, first.second < builder.second { return nil }
    for (id, record) in records where !builder.knows(id) {
      waiting[id, default: ParticipantRecord(id: id)].merge(record)
    }
    let participants = newcomers(in: ordered).map { plan(of: $0, in: ordered) }
    let before = builder.steps.count
    for event in ordered { builder.apply(event) }
    appendedEvents += ordered.count
    let end = max(builder.second, session.runnable.start)
    return Addition(
      participants: participants.map {
        RecordImporter.participant($0, start: session.runnable.start, end: end)
      },
      steps: Array(builder.steps[before...]))
  }

  /// Whether `record` tells nothing the plan of its participant was not made from (a
  /// participant listed again): the import merges records the same way.
  private func addsNothing(_ record: ParticipantRecord) -> Bool {
    let known = described[record.id] ?? ParticipantRecord(id: record.id)
    var merged = known
    merged.merge(record)
    return merged == known
  }

  /// The participants `events` name that the import does not know, in order of appearance.
  private func newcomers(in events: [RecordedEvent]) -> [String] {
    var seen = Set<String>()
    var ids: [String] = []
    for event in events {
      for id in [event.participantId] + (event.remoteParticipantId.map { [$0] } ?? [])
      where !builder.knows(id) && seen.insert(id).inserted {
        ids.append(id)
      }
    }
    return ids
  }

  /// Plans `id` from its events so far and its record, and hands the plan to the builder.
  private mutating func plan(of id: String, in events: [RecordedEvent]) -> ParticipantPlan {
    let positions = events.indices.filter { events[$0].participantId == id }
    // No `--sdk` to apply: the first import refuses one naming a participant it lacks.
    let record = waiting.removeValue(forKey: id)
    let plan = ParticipantPlan(
      id: id, events: TimelineEvents(timeline: events, positions: positions),
      record: record, isRemoteOnly: positions.isEmpty)
    described[id] = record
    builder.learn(plan)
    joined.append(id)
    return plan
  }
}
