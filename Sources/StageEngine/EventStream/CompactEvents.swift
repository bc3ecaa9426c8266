import TokenCore

/// The events a stage recorded since the last drain, compactly (`CompactEvent`), with the
/// tables their indices point into: what a drain hands on as an `EventBatch`.
///
/// Participant IDs and SDK profiles are not copied per event: an event names slots and profile
/// indices, and `tables` (the stage's own, shared copy-on-write) turns them back into values.
/// Participant info is kept once per participant and version however many observers receive it.
struct CompactEvents: ~Copyable, Sendable {
  private var events = CompactEventBuffer()
  /// Participant IDs and SDK profiles, as the stage had them when it recorded the events.
  var tables = ParticipantTables()
  private var metadata: [ParticipantMetadata] = []
  /// The participant info put into `metadata` last: a fan-out records the same info for
  /// every observer, and it is kept once.
  private var lastMetadata: MetadataEntry?
  private var whole: [StageEvent] = []
  /// Indices of the events of a failure kind (`EventKind.isFailure`), noted as they are
  /// recorded so that finding them does not scan a fan-out.
  private var failureIndices: [Int] = []
  private var times = EventTimes()

  /// The `seq` of the first event; each next event's is one more.
  private(set) var firstSeq = 1

  /// Events recorded.
  var count: Int { events.count }

  /// The `seq` the next event gets.
  var nextSeq: Int { firstSeq + events.count }

  /// Records an event in compact form, which happened at `time`. Inlined into each emitting
  /// function: a fan-out records 100,000 events, and a call with its own frame per event was a
  /// third of a fan-out key's instructions; the rare cases (a failure, a new instant) are calls.
  @inline(__always)
  mutating func append(_ event: CompactEvent, at time: Int64) {
    if event.kind.isFailure { failureIndices.append(events.count) }
    if !times.isLast(time) { times.record(time, at: events.count) }
    events.append(event)
  }

  /// Records a rare event whole.
  mutating func append(whole event: StageEvent) {
    var compact = CompactEvent(source: event.source, kind: event.kind)
    compact.detail = .whole(whole.count)
    whole.append(event)
    append(compact, at: event.time)
  }

  /// The index of participant `slot`'s info at `version`; `info` makes it when it is not the
  /// one recorded last.
  mutating func metadataIndex(
    slot: Int, version: Int, _ info: () -> ParticipantMetadata
  ) -> Int {
    if let last = lastMetadata, last.slot == slot, last.version == version { return last.index }
    metadata.append(info())
    lastMetadata = MetadataEntry(slot: slot, version: version, index: metadata.count - 1)
    return metadata.count - 1
  }

  /// The `seq` of event `index`.
  func seq(at index: Int) -> Int {
    guard case .whole(let whole) = events[index].detail else { return firstSeq + index }
    return self.whole[whole].seq
  }

  /// Event `index` as the stream carries it.
  func event(at index: Int) -> StageEvent {
    let compact = events[index]
    let detail = compact.detail
    if case .whole(let whole) = detail { return self.whole[whole] }
    var event = StageEvent(
      source: compact.source, kind: compact.kind, seq: firstSeq + index,
      time: times.time(at: index))
    if let observer = compact.observer {
      let sdk = tables.profiles[compact.profile]
      event.observer = tables.ids[observer]
      event.sdk = sdk
      event.name =
        compact.source == .strategy
        ? PlatformNames.strategy(compact.kind, on: sdk.platform)
        : PlatformNames.renderer(compact.kind, on: sdk.platform)
    }
    if let participant = compact.participant { event.participant = tables.ids[participant] }
    if let remote = compact.remote { event.remoteParticipantId = tables.ids[remote] }
    if case .metadata(let info) = detail {
      event.userId = metadata[info].userId
      event.attributes = metadata[info].attributes
    }
    event.streams = compact.streams
    event.capabilities = compact.capabilities
    event.rule = compact.rule
    let word = compact.word?.text
    if compact.source == .strategy { event.answer = word } else { event.state = word }
    return event
  }

  /// Every event from `start` on, made now.
  func events(from start: Int) -> [StageEvent] {
    (min(start, count)..<count).map { event(at: $0) }
  }

  /// Forgets the events from `index` on.
  mutating func removeEvents(from index: Int) {
    guard index < events.count else { return }
    events.removeEvents(from: index)
    failureIndices.removeAll { $0 >= index }
    times.removeAll(from: index)
  }

  /// The last `limit` events with the tables they read (shared copy-on-write), leaving these as
  /// they are: a consumer that keeps only the newest lines gets a copy of just those, and the
  /// stage's buffer stays where it is, warm, for the next burst.
  func suffix(_ limit: Int) -> CompactEvents {
    var kept = CompactEvents()
    kept.tables = tables
    kept.metadata = metadata
    kept.whole = whole
    kept.lastMetadata = lastMetadata
    kept.events = events.suffix(limit)
    let dropped = events.count - kept.events.count
    kept.firstSeq = firstSeq + dropped
    kept.times = times.suffix(from: dropped)
    kept.failureIndices = failureIndices.filter { $0 >= dropped }.map { $0 - dropped }
    return kept
  }

  /// Every event of a failure kind (`EventKind.isFailure`), made now.
  func failures() -> [StageEvent] { failureIndices.map { event(at: $0) } }

  /// Forgets everything; the next event gets `seq`.
  mutating func restart(at seq: Int) {
    removeAll()
    firstSeq = seq
  }

  /// Forgets everything, keeping the buffers' capacity for the next burst; the next event's
  /// `seq` follows the last one's.
  mutating func removeAll() {
    firstSeq = nextSeq
    events.removeEvents(from: 0)
    metadata.removeAll(keepingCapacity: true)
    whole.removeAll(keepingCapacity: true)
    failureIndices.removeAll(keepingCapacity: true)
    times.removeAll()
    lastMetadata = nil
  }
}

/// Which participant's info, at which metadata version, sits at `index` of
/// `CompactEvents.metadata`.
private struct MetadataEntry {
  let slot: Int
  let version: Int
  let index: Int
}
