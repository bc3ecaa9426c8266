import StageEngine

/// `attach`'s import, kept between polls: the session imported once, and the step builder as
/// it stood after the last event, so newer events of the same participants become the steps
/// that follow on — work proportional to what arrived, not to the session. Whatever cannot
/// follow on (a participant the import does not know, an event older than the last one taken
/// in) is refused, and the caller imports the whole session again.
public struct LiveImport {
  /// The session as first imported.
  public let session: ImportedSession
  private var builder: StepBuilder
  /// Recorded events taken in by `append` so far.
  public private(set) var appendedEvents = 0

  /// Imports `records` as `RecordImporter.makeSession` does, keeping the builder.
  public init(records: RecordSet, options: ImportOptions) throws(ImportUsageError) {
    var kept: StepBuilder?
    session = try RecordImporter.makeSession(from: records, options: options, keeping: &kept)
    builder = kept ?? StepBuilder(start: session.runnable.start, plans: [:])
  }

  /// The steps that make the model do what `events` show, oldest first; nil when they cannot
  /// follow on from what was imported (then import again).
  public mutating func append(_ events: [RecordedEvent]) -> [ScenarioStep]? {
    let ordered = events.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
    guard let first = ordered.first else { return [] }
    let known = ordered.allSatisfy { event in
      builder.knows(event.participantId)
        && (event.remoteParticipantId.map { builder.knows($0) } ?? true)
    }
    guard known, first.second >= builder.second else { return nil }
    let before = builder.steps.count
    for event in ordered { builder.apply(event) }
    appendedEvents += ordered.count
    return Array(builder.steps[before...])
  }
}
