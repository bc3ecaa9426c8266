import StageEngine

/// Follows every accepted exchange through the rest of a run, one event at a time (the
/// stream is never kept): for each observer connected at the exchange, each running
/// composition and each client that joins later, whether it was told the new
/// `user_id`/attributes at once, showed stale values until the participant republished or
/// reconnected, learned them when it joined, never learned them, or saw a later exchange
/// replace them first. Each event costs a few dictionary look-ups.
struct ExchangeFollower {
  /// One observer waiting to be told one exchange's values.
  private struct Watch {
    typealias Stale = (from: Int64, believed: ParticipantMetadata, reason: String)
    let story: Int
    let slot: Int
    /// Events seen before the exchange: what happened after it has a larger ordinal.
    let start: Int
    let wasPublishing: Bool
    let inView: Bool
    /// The observer joined after the exchange (it never had the old values).
    let joinedLater: Bool
    var stale: Stale?
    var hidden: (time: Int64, end: ExchangeStory.Sighting.Staleness.End)?
  }

  /// A story being written: its sightings fill in as observers are told.
  private struct Draft {
    let exchange: StageEvent
    let summary: TokenExchangeSummary
    let context: ExchangeStory.Sighting.Context
    let changesMetadata: Bool
    var strategy: [String] = []
    var observers: [(id: String, profile: String, isComposition: Bool)] = []
    /// The IDs in `observers`, so a client joining later is added once.
    var observerIDs: Set<String> = []
    var sightings: [ExchangeStory.Sighting?] = []
  }

  private var drafts: [Draft] = []
  private var ordinal = 0
  private var lastTime: Int64 = 0
  private var clients: [String] = []
  private var profiles: [String: String] = [:]
  private var connected: Set<String> = []
  private var compositions: [String]
  private var slots: [String: Set<String>] = [:]
  private var publishing: Set<String> = []
  private var lastUnpublish: [String: Int] = [:]
  private var lastLeft: [String: Int] = [:]
  private var lastDisconnect: [String: Int] = [:]
  /// Observer → participant → the watch of that participant's latest metadata exchange.
  private var watches: [String: [String: Watch]] = [:]
  private var latestStory: [String: Int] = [:]
  /// Stories whose step is still running, and the compositions that relaid out in it.
  private var stepStories: [Int] = []
  private var relaidOut: Set<String> = []

  /// Whether the run ends at the fetch of a session still running (the report says so).
  private let endsAtFetch: Bool

  /// Starts with the compositions running before the first step (`main` of a scenario).
  init(compositions: [String], endsAtFetch: Bool = false) {
    self.compositions = compositions
    self.endsAtFetch = endsAtFetch
  }

  /// Takes the next event of the run.
  mutating func offer(_ event: StageEvent) {
    ordinal += 1
    lastTime = event.time
    switch event.kind {
    case .step: closeStep()
    case .tokenExchanged where event.source == .server: open(event)
    case .connectionStateChanged where event.observer == event.participant: connection(event)
    case .participantJoined, .participantMetadataUpdated, .participantLeft: clientSaw(event)
    case .beliefChanged: belief(event)
    case .layoutChanged, .compositionStarted, .compositionStopped: composition(event)
    case .publishStarted, .publishStopped, .left: server(event)
    case .shouldPublish, .streamsToPublish, .shouldSubscribe: strategy(event)
    default: break
    }
  }

  /// The stories, once the run has ended at `end` (the clock after the last step): every
  /// observer still waiting never learned.
  mutating func finish(end: Int64) -> [ExchangeStory] {
    closeStep()
    lastTime = max(lastTime, end)
    for index in drafts.indices {
      for slot in drafts[index].sightings.indices where drafts[index].sightings[slot] == nil {
        let observer = drafts[index].observers[slot].id
        let participant = drafts[index].context.participant
        guard let watch = watches[observer]?[participant] else { continue }
        settle(observer, participant, watch, .never, time: nil, event: nil, cause: nil)
      }
    }
    // Each draft's sightings are let go as its story takes them: a long run's sightings are
    // never held twice.
    var finished: [Draft] = []
    swap(&finished, &drafts)
    var stories: [ExchangeStory] = []
    stories.reserveCapacity(finished.count)
    for index in finished.indices {
      var sightings: [ExchangeStory.Sighting] = []
      sightings.reserveCapacity(finished[index].sightings.lazy.filter { $0 != nil }.count)
      for slot in finished[index].sightings.indices {
        if let sighting = finished[index].sightings[slot] { sightings.append(sighting) }
      }
      finished[index].sightings = []
      stories.append(
        ExchangeStory(
          exchange: finished[index].exchange, summary: finished[index].summary,
          strategy: finished[index].strategy, sightings: sightings))
    }
    return stories
  }

  // MARK: Exchanges

  private mutating func open(_ event: StageEvent) {
    guard let summary = event.exchange, let participant = event.participant else { return }
    let truth = ParticipantMetadata(
      userId: summary.newToken.userId, attributes: summary.newToken.attributes)
    let index = drafts.count
    drafts.append(
      Draft(
        exchange: event, summary: summary,
        context: .init(
          participant: participant, truth: truth, time: event.time, endsAtFetch: endsAtFetch),
        changesMetadata: ExchangeStory.changesMetadata(summary)))
    stepStories.append(index)
    guard drafts[index].changesMetadata else { return }
    let carried = supersede(participant, at: event.time, truth: truth)
    for client in clients where client != participant && connected.contains(client) {
      watch(client, profiles[client] ?? "", false, participant, index, carried[client])
    }
    for composition in compositions {
      watch(composition, "composition", true, participant, index, carried[composition])
    }
    latestStory[participant] = index
  }

  private mutating func watch(
    _ observer: String, _ profile: String, _ isComposition: Bool, _ participant: String,
    _ story: Int, _ stale: Watch.Stale?, joinedLater: Bool = false
  ) {
    let slot = drafts[story].observers.count
    drafts[story].observers.append((observer, profile, isComposition))
    drafts[story].observerIDs.insert(observer)
    drafts[story].sightings.append(nil)
    watches[observer, default: [:]][participant] = Watch(
      story: story, slot: slot, start: ordinal, wasPublishing: publishing.contains(participant),
      inView: slots[observer]?.contains(participant) ?? false, joinedLater: joinedLater,
      stale: stale)
  }

  /// A client that connects after exchanges it was not there for follows each of them from
  /// now: it learns the values when it first sees the participant.
  private mutating func watchExchanges(before observer: String) {
    for story in latestStory.values.sorted()
    where drafts[story].changesMetadata && !drafts[story].observerIDs.contains(observer) {
      let participant = drafts[story].context.participant
      guard participant != observer, watches[observer]?[participant] == nil else { continue }
      watch(observer, profiles[observer] ?? "", false, participant, story, nil, joinedLater: true)
    }
  }

  /// Ends every watch of `participant`'s previous exchange (a new one replaces its values)
  /// and hands on the stale spans still shown, which go on under the new exchange — unless
  /// what the observer shows is what the new exchange sets (`truth`): then it is right again.
  private mutating func supersede(_ participant: String, at time: Int64, truth: ParticipantMetadata)
    -> [String: Watch.Stale]
  {
    guard let story = latestStory[participant] else { return [:] }
    var carried: [String: Watch.Stale] = [:]
    for (slot, observer) in drafts[story].observers.enumerated()
    where drafts[story].sightings[slot] == nil {
      guard let watch = watches[observer.id]?[participant] else { continue }
      if watch.hidden == nil, let stale = watch.stale, stale.believed != truth {
        carried[observer.id] = stale
      }
      settle(observer.id, participant, watch, .superseded, time: time, event: nil, cause: nil)
    }
    return carried
  }

  /// At the end of an exchange's step, a composition that had the participant in view and
  /// did not turn stale followed at once (policy `live`).
  private mutating func closeStep() {
    for story in stepStories {
      let participant = drafts[story].context.participant
      for (slot, observer) in drafts[story].observers.enumerated()
      where observer.isComposition && drafts[story].sightings[slot] == nil {
        guard let watch = watches[observer.id]?[participant], watch.story == story,
          watch.inView, watch.stale == nil, watch.hidden == nil
        else { continue }
        let event = relaidOut.contains(observer.id) ? "layoutChanged" : nil
        settle(
          observer.id, participant, watch, .atOnce, time: drafts[story].context.time, event: event,
          cause: nil)
      }
    }
    stepStories.removeAll(keepingCapacity: true)
    relaidOut.removeAll(keepingCapacity: true)
  }
}

/// What each kind of event tells the follower.
extension ExchangeFollower {
  private mutating func connection(_ event: StageEvent) {
    guard let id = event.observer else { return }
    if event.state == "connected" {
      if profiles.updateValue(event.sdk?.description ?? "", forKey: id) == nil {
        clients.append(id)
      }
      connected.insert(id)
      watchExchanges(before: id)
    } else if event.state == "disconnected" {
      connected.remove(id)
      lastDisconnect[id] = ordinal
      guard var mine = watches.removeValue(forKey: id) else { return }
      for participant in Array(mine.keys) where mine[participant]?.hidden == nil {
        if mine[participant]?.stale != nil {
          mine[participant]?.hidden = (event.time, .observerLeft)
        }
      }
      watches[id] = mine
    }
  }

  private mutating func clientSaw(_ event: StageEvent) {
    guard let observer = event.observer, let participant = event.participant,
      observer != participant
    else { return }
    switch event.kind {
    case .participantLeft:
      effect(.stoppedPublishing, event, observer, participant)
      hide(observer, participant, .participantStopped, at: event.time)
    case .participantJoined:
      effect(.startedPublishing, event, observer, participant)
      told(observer, participant, event, .later, via: event.name)
    default:
      told(observer, participant, event, .atOnce, via: event.name)
    }
  }

  private mutating func belief(_ event: StageEvent) {
    guard let observer = event.observer, let participant = event.participant,
      var watch = watches[observer]?[participant]
    else { return }
    if event.state == "stale" {
      guard watch.stale == nil || watch.hidden != nil else { return }
      let believed = ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:])
      // Values the exchange itself sets are not stale, whatever the SDK (oracle finding F1).
      guard believed != drafts[watch.story].context.truth else { return }
      watch.stale = (event.time, believed, event.reason ?? "")
      watch.hidden = nil
      watches[observer]?[participant] = watch
    } else if event.state == "current" {
      // A client was told by participantJoined just before; a composition by its relayout
      // or by a change of policy.
      told(observer, participant, event, .later, via: nil)
    }
  }

  private mutating func composition(_ event: StageEvent) {
    guard let id = event.observer else { return }
    switch event.kind {
    case .compositionStarted:
      if !compositions.contains(id) { compositions.append(id) }
    case .compositionStopped:
      compositions.removeAll { $0 == id }
      slots[id] = nil
      for (participant, var watch) in watches.removeValue(forKey: id) ?? [:] {
        if watch.stale != nil, watch.hidden == nil {
          watch.hidden = (event.time, .compositionStopped)
        }
        settle(id, participant, watch, .never, time: nil, event: nil, cause: nil)
      }
    default:
      relaidOut.insert(id)
      let now = Set((event.slots ?? []).map(\.participant))
      let before = slots.updateValue(now, forKey: id) ?? []
      for participant in now.subtracting(before) {
        told(id, participant, event, .later, via: "layoutChanged")
      }
      for participant in before.subtracting(now) {
        hide(id, participant, .participantStopped, at: event.time)
      }
    }
  }

  private mutating func server(_ event: StageEvent) {
    guard event.source == .server, let participant = event.participant else { return }
    switch event.kind {
    case .publishStarted: publishing.insert(participant)
    case .publishStopped:
      publishing.remove(participant)
      lastUnpublish[participant] = ordinal
    default: lastLeft[participant] = ordinal
    }
  }

  private mutating func strategy(_ event: StageEvent) {
    guard event.source == .strategy, let observer = event.observer,
      let story = stepStories.last(where: { drafts[$0].context.participant == observer })
    else { return }
    drafts[story].strategy.append("\(event.name ?? event.kind.rawValue) → \(event.answer ?? "")")
  }

  /// An exchange that changed no metadata: who saw the participant stop or start publishing
  /// in its step.
  private mutating func effect(
    _ verdict: ExchangeStory.Sighting.Verdict, _ event: StageEvent, _ observer: String,
    _ participant: String
  ) {
    guard
      let story = stepStories.last(where: {
        drafts[$0].context.participant == participant && !drafts[$0].changesMetadata
      })
    else { return }
    drafts[story].sightings.append(
      .init(
        observer: observer, profile: event.sdk?.description ?? "", isComposition: false,
        verdict: verdict, time: event.time, event: event.name, cause: nil, stale: nil,
        context: drafts[story].context))
  }

  private mutating func told(
    _ observer: String, _ participant: String, _ event: StageEvent,
    _ verdict: ExchangeStory.Sighting.Verdict, via name: String?
  ) {
    guard let watch = watches[observer]?[participant] else { return }
    let cause = verdict == .later ? cause(watch, observer, participant) : nil
    settle(observer, participant, watch, verdict, time: event.time, event: name, cause: cause)
  }

  private mutating func hide(
    _ observer: String, _ participant: String, _ end: ExchangeStory.Sighting.Staleness.End,
    at time: Int64
  ) {
    guard var watch = watches[observer]?[participant], watch.stale != nil, watch.hidden == nil
    else { return }
    watch.hidden = (time, end)
    watches[observer]?[participant] = watch
  }

  /// Why `observer` is told now: what happened since the exchange, the participant's own
  /// doings first.
  private func cause(_ watch: Watch, _ observer: String, _ participant: String)
    -> ExchangeStory.Sighting.Cause
  {
    func since(_ table: [String: Int], _ id: String) -> Bool { (table[id] ?? 0) > watch.start }
    if since(lastLeft, participant) { return .reconnected }
    if since(lastDisconnect, participant) { return .networkDrop }
    if since(lastUnpublish, participant) { return .republished }
    if since(lastDisconnect, observer) { return .observerRejoined }
    if !watch.wasPublishing { return .startedPublishing }
    if watch.joinedLater { return .joinedAfterExchange }
    return drafts[watch.story].observers[watch.slot].isComposition ? .policyChanged : .shownAgain
  }

  /// Writes the sighting of `watch` and stops watching.
  private mutating func settle(
    _ observer: String, _ participant: String, _ watch: Watch,
    _ verdict: ExchangeStory.Sighting.Verdict, time: Int64?, event: String?,
    cause: ExchangeStory.Sighting.Cause?
  ) {
    // Not a copy of the draft: holding one would copy its sightings on the write below.
    let info = drafts[watch.story].observers[watch.slot]
    let context = drafts[watch.story].context
    let stale = watch.stale.flatMap { stale -> ExchangeStory.Sighting.Staleness? in
      let end: (time: Int64, end: ExchangeStory.Sighting.Staleness.End) =
        watch.hidden
        ?? (verdict == .superseded
          ? (time ?? lastTime, .superseded)
          : verdict == .never ? (lastTime, .sessionEnded) : (time ?? lastTime, .learned))
      // Measured against this exchange's values only while they were the true ones: a span
      // an earlier exchange began, ended as this one came (it stopped publishing at once),
      // is no staleness of this exchange.
      let since = max(stale.from, context.time)
      guard end.time > since || end.end == .sessionEnded else { return nil }
      return ExchangeStory.Sighting.Staleness(
        from: stale.from, since: since, until: end.time, end: end.end, believed: stale.believed,
        reason: stale.reason)
    }
    drafts[watch.story].sightings[watch.slot] = .init(
      observer: info.id, profile: info.profile, isComposition: info.isComposition,
      verdict: verdict, time: time, event: event, cause: cause, stale: stale, context: context)
    watches[observer]?[participant] = nil
  }
}
