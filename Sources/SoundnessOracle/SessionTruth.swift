import StageEngine

/// What really happened in a generated session, from the model's own events: each
/// participant's true `user_id`/attributes over time (its tokens), what every observer showed
/// of every participant over time (the renderer's `participantJoined`,
/// `participantMetadataUpdated` and `participantLeft`; a composition's layout and beliefs),
/// and so the spans in which an observer showed values an exchange had replaced. Who was
/// connected when answers "late joiner" claims.
public struct SessionTruth: Sendable {
  /// One accepted exchange that changed `user_id` or attributes.
  public struct Exchange: Sendable {
    /// Who exchanged.
    public let participant: String
    /// When (virtual seconds).
    public let time: Int64
    /// The TOKEN_EXCHANGED event's place in the model's stream.
    public let seq: Int
    /// The `user_id` and attributes it set.
    public let metadata: ParticipantMetadata
  }

  /// A span in which `observer` showed `believed` for `participant` while the truth differed.
  public struct StaleSpan: Sendable {
    /// Who showed the old values (a client, or a composition's ID).
    public let observer: String
    /// Whose values.
    public let participant: String
    /// When the span began (virtual seconds).
    public let from: Int64
    /// When it ended.
    public let until: Int64
    /// What the observer showed meanwhile.
    public let believed: ParticipantMetadata
    /// Whether the observer is a composition.
    public let isComposition: Bool
  }

  /// Every metadata-changing exchange, in order.
  public let exchanges: [Exchange]
  /// Every stale span, by observer then participant.
  public private(set) var spans: [StaleSpan]
  /// Each participant's connected intervals (JOINED to LEFT; open ones end at `end`).
  public let connected: [String: [ClosedRange<Int64>]]
  /// When the session ended.
  public let end: Int64
  /// What each observer showed of each participant, as changes in time order (nil: not shown).
  private let shown: [Pair: [(time: Int64, value: ParticipantMetadata?)]]
  /// Each participant's true `user_id` and attributes, as changes in time order (the first at
  /// `Int64.min`: the token it joined with).
  private let values: [String: [(time: Int64, value: ParticipantMetadata)]]

  /// The truth of `events` (the model's, in order) for `participants`, ending at `end`.
  init(events: [StageEvent], participants: [GeneratedParticipant], end: Int64) {
    self.end = end
    var exchanges: [Exchange] = []
    var joined: [String: Int64] = [:]
    var connected: [String: [ClosedRange<Int64>]] = [:]
    // Each pair's changes: the participant's truth (`nil` observer) and what observers show.
    var truth: [String: [(time: Int64, value: ParticipantMetadata)]] = [:]
    for participant in participants {
      truth[participant.id] = [
        (.min, ParticipantMetadata(userId: participant.userId, attributes: participant.attributes))
      ]
    }
    var shown: [Pair: [(time: Int64, value: ParticipantMetadata?)]] = [:]
    var compositions: Set<String> = []
    var layouts: [String: Set<String>] = [:]
    for event in events {
      switch (event.source, event.kind) {
      case (.server, .joined):
        if let id = event.participant { joined[id] = event.time }
      case (.server, .left):
        if let id = event.participant, let from = joined.removeValue(forKey: id) {
          connected[id, default: []].append(from...event.time)
        }
      case (.server, .tokenExchanged):
        guard let id = event.participant, let summary = event.exchange else { continue }
        let value = ParticipantMetadata(
          userId: summary.newToken.userId, attributes: summary.newToken.attributes)
        guard truth[id]?.last?.value != value else { continue }
        truth[id, default: []].append((event.time, value))
        exchanges.append(
          Exchange(participant: id, time: event.time, seq: event.seq, metadata: value))
        // A live composition follows at once, with no event when its layout stays the same;
        // an on-reconnect one says next that it turned stale (a belief event).
        for (composition, members) in layouts where members.contains(id) {
          shown[Pair(composition, id), default: []].append((event.time, value))
        }
      case (.client, .participantJoined), (.client, .participantMetadataUpdated):
        guard let observer = event.observer, let participant = event.participant else { continue }
        shown[Pair(observer, participant), default: []].append(
          (
            event.time,
            ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:])
          ))
      case (.client, .participantLeft):
        guard let observer = event.observer, let participant = event.participant else { continue }
        shown[Pair(observer, participant), default: []].append((event.time, nil))
      case (.client, .connectionStateChanged):
        guard let observer = event.observer, observer == event.participant,
          event.state == "disconnected"
        else { continue }
        for pair in shown.keys where pair.observer == observer {
          shown[pair]?.append((event.time, nil))
        }
      case (.composition, .layoutChanged):
        guard let id = event.observer else { continue }
        compositions.insert(id)
        let now = Set((event.slots ?? []).map(\.participant))
        let before = layouts.updateValue(now, forKey: id) ?? []
        for participant in before.subtracting(now) {
          shown[Pair(id, participant), default: []].append((event.time, nil))
        }
        for participant in now.subtracting(before) {
          // On entering the layout a composition shows the participant's values then.
          let value = truth[participant]?.last?.value
          shown[Pair(id, participant), default: []].append((event.time, value))
        }
      case (.composition, .compositionStopped):
        guard let id = event.observer else { continue }
        for participant in layouts.removeValue(forKey: id) ?? [] {
          shown[Pair(id, participant), default: []].append((event.time, nil))
        }
      case (.belief, .beliefChanged):
        // A composition's belief (a client's is in its renderer events).
        guard let observer = event.observer, let participant = event.participant,
          event.sdk == nil, layouts[observer]?.contains(participant) == true
        else { continue }
        compositions.insert(observer)
        let value =
          event.state == "stale"
          ? ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:])
          : truth[participant]?.last?.value
        shown[Pair(observer, participant), default: []].append((event.time, value))
      default: break
      }
    }
    for (id, from) in joined { connected[id, default: []].append(from...end) }
    self.exchanges = exchanges
    self.connected = connected
    self.shown = shown
    values = truth
    spans = shown.keys.sorted { ($0.observer, $0.participant) < ($1.observer, $1.participant) }
      .flatMap { pair in
        Self.spans(
          pair, shown: shown[pair] ?? [], truth: truth[pair.participant] ?? [], end: end,
          isComposition: compositions.contains(pair.observer))
      }
  }

  private struct Pair: Hashable {
    let observer: String
    let participant: String
    init(_ observer: String, _ participant: String) {
      self.observer = observer
      self.participant = participant
    }
  }

  /// The spans in which `shown` differs from `truth`, both sorted by time (a change at a
  /// time takes effect from it).
  private static func spans(
    _ pair: Pair, shown: [(time: Int64, value: ParticipantMetadata?)],
    truth: [(time: Int64, value: ParticipantMetadata)], end: Int64, isComposition: Bool
  ) -> [StaleSpan] {
    var times = Set(shown.map(\.time)).union(truth.map(\.time).filter { $0 != .min })
    times.insert(end)
    var result: [StaleSpan] = []
    var shownIndex = 0
    var truthIndex = 0
    var current: ParticipantMetadata?
    var real = truth.first?.value
    var open: (from: Int64, believed: ParticipantMetadata)?
    func close(at time: Int64) {
      guard let span = open, time > span.from else { return }
      result.append(
        StaleSpan(
          observer: pair.observer, participant: pair.participant, from: span.from, until: time,
          believed: span.believed, isComposition: isComposition))
    }
    for time in times.sorted() {
      guard time < end else { break }
      while shownIndex < shown.count, shown[shownIndex].time <= time {
        current = shown[shownIndex].value
        shownIndex += 1
      }
      while truthIndex < truth.count, truth[truthIndex].time <= time {
        real = truth[truthIndex].value
        truthIndex += 1
      }
      let stale = current.flatMap { $0 != real ? $0 : nil }
      guard open?.believed != stale else { continue }
      close(at: time)
      open = stale.map { (time, $0) }
    }
    close(at: end)
    return result
  }

  /// How many seconds `observer` showed stale values of `participant` within `window`.
  public func staleSeconds(_ observer: String, _ participant: String, in window: Range<Int64>)
    -> Int64
  {
    spans.lazy.filter { $0.observer == observer && $0.participant == participant }
      .reduce(0) { total, span in
        total + max(0, min(span.until, window.upperBound) - max(span.from, window.lowerBound))
      }
  }

  /// This truth without what `observer` showed of `participant` within `window`: the truth
  /// a folder tells where the stay in which it showed it was lost without a trace
  /// (`TracelessLoss`), so a total is held to what the folder can show.
  func clipping(_ observer: String, _ participant: String, to window: Range<Int64>)
    -> SessionTruth
  {
    var clipped = self
    clipped.spans = spans.flatMap { span -> [StaleSpan] in
      guard span.observer == observer, span.participant == participant,
        span.from < window.upperBound, span.until > window.lowerBound
      else { return [span] }
      var parts: [StaleSpan] = []
      if span.from < window.lowerBound {
        parts.append(
          StaleSpan(
            observer: span.observer, participant: span.participant, from: span.from,
            until: window.lowerBound, believed: span.believed, isComposition: span.isComposition))
      }
      if span.until > window.upperBound {
        parts.append(
          StaleSpan(
            observer: span.observer, participant: span.participant, from: window.upperBound,
            until: span.until, believed: span.believed, isComposition: span.isComposition))
      }
      return parts
    }
    return clipped
  }

  /// The window in which `exchange`'s values were the participant's true ones.
  public func window(of exchange: Exchange) -> Range<Int64> {
    let next = exchanges.first { $0.participant == exchange.participant && $0.seq > exchange.seq }
    return exchange.time..<max(exchange.time, next?.time ?? end)
  }

  /// What `observer` showed of `participant` at `time` (after every change at that second).
  public func shown(_ observer: String, _ participant: String, at time: Int64)
    -> ParticipantMetadata?
  {
    shown[Pair(observer, participant)]?.last { $0.time <= time }?.value ?? nil
  }

  /// Whether `observer` ever showed `participant` `value` within `window`.
  public func showed(
    _ observer: String, _ participant: String, _ value: ParticipantMetadata,
    in window: ClosedRange<Int64>
  ) -> Bool {
    if shown(observer, participant, at: window.lowerBound) == value { return true }
    return shown[Pair(observer, participant)]?.contains {
      window.contains($0.time) && $0.value == value
    } ?? false
  }

  /// When `observer` first began showing `value` of `participant` at or after `time`, in a
  /// second `kept` admits.
  public func firstShowing(
    _ observer: String, _ participant: String, _ value: ParticipantMetadata, from time: Int64,
    where kept: (Int64) -> Bool = { _ in true }
  ) -> Int64? {
    shown[Pair(observer, participant)]?.first {
      $0.time >= time && $0.value == value && kept($0.time)
    }?.time
  }

  /// `participant`'s true `user_id` and attributes just before second `time` (changes at
  /// `time` not yet made); nil for a participant the session does not know.
  public func values(of participant: String, before time: Int64) -> ParticipantMetadata? {
    values[participant]?.last { $0.time < time }?.value
  }

  /// Every `user_id` and attributes `participant` took in second `time` (back-to-back
  /// exchanges may fall in one second), in order.
  public func values(of participant: String, setAt time: Int64) -> [ParticipantMetadata] {
    values[participant]?.filter { $0.time == time }.map(\.value) ?? []
  }

  /// Whether `id` stayed connected through all of `times` (one connection, no leave and
  /// join again within).
  public func isConnected(_ id: String, throughout times: ClosedRange<Int64>) -> Bool {
    connected[id]?.contains { $0.contains(times.lowerBound) && $0.contains(times.upperBound) }
      ?? false
  }

  /// Every observer's stale seconds, in all.
  public var totalStaleSeconds: Int64 { spans.reduce(0) { $0 + ($1.until - $1.from) } }
}
