import JSONKit
import StageEngine

/// `attach`'s import, kept between polls: the session imported once, and the step builder as
/// it stood after the last event, so newer events become the steps that follow on — work
/// proportional to what arrived, not to the session. A participant the import does not know
/// joins on: it is planned from what its records say so far, as the first import plans the
/// others, and registered before its steps; one the first import knew only from the
/// participant list (joined at its `firstJoinTime` at most, never published) is planned anew
/// the same way when its own records arrive, and declared again before its steps, when nothing
/// the model showed of it would differ (`StepBuilder.canTake`). An event older than the last one taken in (the
/// poller reads each participant in turn) goes back to the builder as it stood before a recent
/// poll (`Mark`, one per poll, the newest `markLimit` kept) and rebuilds the steps from there
/// in the whole import's order; the caller puts the model back to that poll's start. What
/// cannot follow on (an event older than every mark, a record telling more of a participant
/// already planned) is refused, and the caller imports the whole session again.
public struct LiveImport {
  /// What a poll adds to the running model: participants to register first, then the steps.
  public struct Addition: Sendable {
    /// Participants the records show only now, as the scenario would declare them.
    public let participants: [ScenarioParticipant]
    /// Participants known only from the participant list until now, declared again from
    /// their own records (SDK, strategy, first token) before the steps; none has published.
    public let redeclared: [ScenarioParticipant]
    /// The steps that make the model do what the new events show, oldest first.
    public let steps: [ScenarioStep]
    /// Those of `participants` and `redeclared` whose SDK the records do not state, with how
    /// it was found (`guessed`, `unknown`), to mark as the first import's are.
    public let guessedSDKs: [String: String]
    /// The poll (an earlier addition's `poll`) whose start the model goes back to before `steps`,
    /// for a late event; nil when the steps follow on from where the model stands.
    public let rewind: Int?
    /// This poll's number (`polls` once it is taken in): a later addition's `rewind` names it,
    /// so the caller keeps where the model stood before running this addition's steps.
    public let poll: Int
  }

  /// The builder before a poll, to go back to for an event that arrives late.
  private struct Mark {
    let poll: Int
    let builder: StepBuilder
    /// The newest event time taken in before it (milliseconds).
    let time: Int64
    /// How many of `since` were taken in before it.
    let taken: Int
  }

  /// How many polls back a late event can reach before the session is imported again.
  public static let markLimit = 32

  /// The session as first imported.
  public let session: ImportedSession
  /// What the import was asked to add (`--sdk`), for importing again.
  let options: ImportOptions
  /// The polled answers taken in, by name, in the order they first came (`take`).
  var files: [String: JSON] = [:]
  var fileOrder: [String] = []
  /// Set when answers did not import: the next `take` imports the whole session again.
  var mustImportWhole = false
  /// The files whose newest answers the model does not show yet: they wait for a re-import
  /// (`take(_:reimporting:)`), and later answers of the same files wait with them.
  public internal(set) var deferred: Set<String> = []
  private var builder: StepBuilder
  /// What the records said of each participant planned (what its plan was made from).
  private var described: [String: ParticipantRecord]
  /// Participants planned from what the participant list says alone (their events not read
  /// when the session was imported): their own records, while they have not published, make a
  /// plan of their own (`relisted`); their first own events end that.
  private var listedOnly: Set<String>
  /// Records of participants not imported yet, kept until their events arrive.
  private var waiting: [String: ParticipantRecord] = [:]
  /// Plans made since the first import (participants that joined on, and listed ones planned
  /// anew), with the poll that made each, to learn again after going back to a mark.
  private var learned: [(poll: Int, plan: ParticipantPlan)] = []
  private var marks: [Mark] = []
  /// The events taken in since the oldest mark, in the order they were.
  private var since: [RecordedEvent] = []
  /// The newest event time taken in (milliseconds).
  private var lastTime: Int64
  /// Recorded events taken in by `append` so far.
  public private(set) var appendedEvents = 0
  /// Participants that joined on after the first import.
  public private(set) var joined: [String] = []
  /// Polls taken in by `append` so far.
  public private(set) var polls = 0
  /// Events taken in again after going back to a mark: what late events cost.
  public private(set) var replayedEvents = 0

  /// Imports `records` as `RecordImporter.makeSession` does, keeping the builder.
  /// For `append`; `take` needs `init(files:options:)`, which knows the answers it came from.
  public init(records: RecordSet, options: ImportOptions) throws(ImportUsageError) {
    self.options = options
    var kept: StepBuilder?
    session = try RecordImporter.makeSession(from: records, options: options, keeping: &kept)
    builder = kept ?? StepBuilder(start: session.runnable.start, plans: [:])
    _ = builder.takeSteps()
    described = records.participants
    lastTime = session.recorded.last?.time ?? .min
    listedOnly = Set(session.runnable.participants.lazy.map(\.id))
      .subtracting(session.covered).subtracting(session.observers)
  }

  /// What `events` (and the records of participants new to the import, from get-participant
  /// or list-participants) add to the model; nil when they cannot follow on from what was
  /// imported (then import again).
  public mutating func append(
    _ events: [RecordedEvent], records: [String: ParticipantRecord] = [:]
  ) -> Addition? {
    guard
      records.allSatisfy({
        !builder.knows($0.key) || isListedOnly($0.key) || addsNothing($0.value)
      }),
      !events.contains(where: {
        listedOnly.contains($0.participantId) && !isListedOnly($0.participantId)
      })
    else { return nil }
    let ordered = RecordTimeline(events).events
    let late = ordered.first.map { $0.time <= lastTime } ?? false
    let redeclared = relisted(in: ordered, records: records).map { id in
      var record = described[id] ?? ParticipantRecord(id: id)
      record.merge(records[id] ?? ParticipantRecord(id: id))
      return (plan: planAnew(id, in: ordered, record: record), record: record)
    }
    guard redeclared.allSatisfy({ builder.canTake($0.plan) }) else { return nil }
    // Older than every mark: only listed participants' first events that change no step.
    let inPlace = late && ordered.first.flatMap(markIndex(before:)) == nil
    guard !inPlace || takesNoStep(ordered, learning: redeclared.map(\.plan)) else { return nil }
    polls += 1
    let poll = polls
    keepMark()
    for (id, record) in records where !builder.knows(id) {
      waiting[id, default: ParticipantRecord(id: id)].merge(record)
    }
    let participants = newcomers(in: ordered).map { id in
      let record = waiting.removeValue(forKey: id)
      let plan = self.plan(of: id, in: ordered, record: record)
      learn(plan, record: record, poll: poll)
      return plan
    }
    joined += participants.map(\.id)
    for (plan, record) in redeclared { learn(plan, record: record, poll: poll) }
    listedOnly.subtract(ordered.lazy.map(\.participantId))
    var rewind: Int?
    if inPlace {
      let old = ordered.filter { $0.time <= lastTime }
      for event in old { builder.apply(event) }
      since += old
      take(ordered.filter { $0.time > lastTime })
    } else if late, let first = ordered.first, let index = markIndex(before: first) {
      rewind = marks[index].poll
      goBack(to: index, adding: ordered)
    } else {
      take(ordered)
    }
    appendedEvents += ordered.count
    let end = max(builder.second, session.runnable.start)
    let declare = { RecordImporter.participant($0, start: self.session.runnable.start, end: end) }
    return Addition(
      participants: participants.map(declare), redeclared: redeclared.map(\.plan).map(declare),
      steps: builder.takeSteps(),
      guessedSDKs: Dictionary(
        (participants + redeclared.map(\.plan)).filter {
          $0.source == .guessed || $0.source == .unknown
        }.map {
          ($0.id, $0.source.rawValue)
        }, uniquingKeysWith: { first, _ in first }), rewind: rewind, poll: poll)
  }

  /// Whether `id` is still known only from the participant list: none of its own events
  /// taken in, and not publishing (joined only as its `firstJoinTime` infers, if at all).
  private func isListedOnly(_ id: String) -> Bool {
    listedOnly.contains(id) && !builder.publishing(id).now
  }

  /// The participants known only from the participant list that `events` or `records` tell
  /// more of (their own events, a record adding to what they were planned from), in order
  /// of appearance.
  private func relisted(in events: [RecordedEvent], records: [String: ParticipantRecord])
    -> [String]
  {
    var seen = Set<String>()
    let named =
      events.lazy.map(\.participantId)
      + records.keys.sorted().filter { records[$0].map { !addsNothing($0) } ?? false }
    return named.filter { isListedOnly($0) && seen.insert($0).inserted }
  }

  /// Whether those of `events` older than the newest one taken in are all of participants
  /// `plans` declares anew, about participants planned already, and, taken in with those
  /// plans, make no step: what they tell (a listed participant's join at its `firstJoinTime`,
  /// its subscriptions, the model's own effects) the model shows already, so they need not go
  /// back to before them.
  private func takesNoStep(_ events: [RecordedEvent], learning plans: [ParticipantPlan]) -> Bool {
    let ids = Set(plans.map(\.id))
    let old = events.filter { $0.time <= lastTime }
    guard
      old.allSatisfy({
        ids.contains($0.participantId) && ($0.remoteParticipantId.map(builder.knows) ?? true)
      })
    else { return false }
    var trial = builder
    for plan in plans { trial.learn(plan) }
    for event in old { trial.apply(event) }
    return trial.takeSteps().isEmpty
  }

  /// The newest mark taken before every event at `event`'s time was.
  private func markIndex(before event: RecordedEvent) -> Int? {
    marks.lastIndex { $0.time < event.time }
  }

  /// Keeps the builder as it stands, before this poll's events, dropping the oldest mark (and
  /// the events only it needed) beyond `markLimit`.
  private mutating func keepMark() {
    marks.append(Mark(poll: polls, builder: builder, time: lastTime, taken: since.count))
    guard marks.count > Self.markLimit else { return }
    marks.removeFirst()
    if let oldest = marks.first?.poll { learned.removeAll { $0.poll < oldest } }
    let dropped = marks.first?.taken ?? since.count
    since.removeFirst(dropped)
    marks = marks.map {
      Mark(poll: $0.poll, builder: $0.builder, time: $0.time, taken: $0.taken - dropped)
    }
  }

  /// Takes in `events`, oldest first, after what was taken in.
  private mutating func take(_ events: [RecordedEvent]) {
    for event in events { builder.apply(event) }
    since += events
    lastTime = max(lastTime, events.last?.time ?? lastTime)
  }

  /// Goes back to mark `index` and takes in the events since it with `late` among them, in
  /// the whole import's order; the marks after it no longer hold.
  private mutating func goBack(to index: Int, adding late: [RecordedEvent]) {
    let mark = marks[index]
    builder = mark.builder
    for (poll, plan) in learned where poll >= mark.poll { builder.learn(plan) }
    let again = since[mark.taken...]
    replayedEvents += again.count
    let merged = RecordTimeline(Array(again) + late).events
    marks.removeSubrange((index + 1)...)
    since.removeSubrange(mark.taken...)
    lastTime = mark.time
    take(merged)
  }

  /// Whether `record` tells nothing the plan of its participant was not made from (a
  /// participant listed again): the import merges records the same way.
  private func addsNothing(_ record: ParticipantRecord) -> Bool {
    let known = (described[record.id] ?? ParticipantRecord(id: record.id)).planned
    var merged = known
    merged.merge(record.planned)
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

  /// Plans listed participant `id` anew from its own events among `events` and `record`, with
  /// the join its `firstJoinTime` infers when its own events do not start with one, as the
  /// import plans it.
  private func planAnew(_ id: String, in events: [RecordedEvent], record: ParticipantRecord)
    -> ParticipantPlan
  {
    let own = events.filter { $0.participantId == id && !$0.viaEventBridge }
    let oldest = own.first.map { first in
      (first.time, own.contains { $0.time == first.time && $0.kind == .joined })
    }
    guard let join = ImportTimeline.inferredJoin(of: record, oldestOwn: oldest) else {
      return plan(of: id, in: events, record: record)
    }
    return plan(of: id, in: RecordTimeline(events + [join]).events, record: record)
  }

  /// Plans `id` from its events so far and its record, with `--sdk` as the first import
  /// applies it.
  private func plan(of id: String, in events: [RecordedEvent], record: ParticipantRecord?)
    -> ParticipantPlan
  {
    let positions = events.indices.filter { events[$0].participantId == id }
    let made = ParticipantPlan(
      id: id, events: TimelineEvents(timeline: events, positions: positions),
      record: record, isRemoteOnly: positions.isEmpty)
    var plans = [id: made]
    // `--sdk` as the first import applies it (a participant it lacks has none: the first
    // import refuses one naming it), and the SDK an exchange needs. Cannot throw: the one
    // `--sdk` left names this plan, and no observer is passed.
    var own = ImportOptions()
    own.sdks = options.sdks.filter { $0.id == id }
    _ = try? RecordImporter.applySDKOptions(own, to: &plans, names: [:])
    return plans[id] ?? made
  }

  /// Hands `plan`, made in poll `poll` from `record`, to the builder.
  private mutating func learn(_ plan: ParticipantPlan, record: ParticipantRecord?, poll: Int) {
    described[plan.id] = record
    builder.learn(plan)
    learned.append((poll, plan))
  }
}
