import StageEngine

/// Follows every accepted exchange through the rest of a run, one event at a time (the
/// stream is never kept): for each observer connected at the exchange, each running
/// composition and each client that joins later, whether it was told the new
/// `user_id`/attributes at once, showed stale values until the participant republished or
/// reconnected, learned them when it joined, never learned them, or saw a later exchange
/// replace them first. Each event costs a few dictionary look-ups.
struct ExchangeFollower {
  var drafts: [Draft] = []
  /// The number of events taken so far.
  var ordinal = 0
  /// The time of the latest event.
  var lastTime: Int64 = 0
  /// Who is on the stage now, and what they last did.
  var roster: StageRoster
  /// Observer → participant → the watch of that participant's latest metadata exchange.
  var watches: [String: [String: Watch]] = [:]
  /// Participant → the draft of its latest exchange that changed metadata.
  private var latestStory: [String: Int] = [:]
  var step = OpenStep()
  /// Whether the run ends at the fetch of a session still running (the report says so).
  private let endsAtFetch: Bool

  /// Starts with the compositions running before the first step (`main` of a scenario).
  init(compositions: [String], endsAtFetch: Bool = false) {
    roster = StageRoster(compositions: compositions)
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
    case .joined, .publishStarted, .publishStopped, .left: server(event)
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
        settle(watch, .never)
      }
    }
    // Each draft's sightings are let go as its story takes them: a long run's sightings are
    // never held twice.
    var finished: [Draft] = []
    swap(&finished, &drafts)
    var stories: [ExchangeStory] = []
    stories.reserveCapacity(finished.count)
    for index in finished.indices {
      var sightings: [Sighting] = []
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
    step.stories.append(index)
    guard drafts[index].changesMetadata else { return }
    let (carried, restored) = supersede(participant, at: event.time, truth: truth)
    var observers: [Observer] = []
    for client in roster.clients where client != participant && roster.connected.contains(client) {
      observers.append(Observer(id: client, kind: .client(profile: roster.profile(of: client))))
    }
    observers += roster.compositions.map { Observer(id: $0, kind: .composition) }
    for observer in observers {
      watch(participant, by: observer, story: index, showing: carried[observer.id])
      // Still showing what the exchange sets: right from the exchange on, told or not.
      if restored.contains(observer.id), let watch = watches[observer.id]?[participant] {
        settle(watch, Outcome(verdict: .atOnce, time: event.time, cause: .alreadyShown))
      }
    }
    latestStory[participant] = index
  }

  /// `observer` starts watching `participant`'s exchange `story`, showing `stale` values
  /// still (carried from an earlier exchange), or none.
  private mutating func watch(
    _ participant: String, by observer: Observer, story: Int, showing stale: StaleValues?,
    arrival: Arrival = .atExchange
  ) {
    let slot = drafts[story].observers.count
    drafts[story].observers.append(observer)
    drafts[story].observerIDs.insert(observer.id)
    drafts[story].sightings.append(nil)
    watches[observer.id, default: [:]][participant] = Watch(
      story: story, slot: slot, start: ordinal,
      participantWasPublishing: roster.publishing.contains(participant),
      participantInView: roster.lays(out: participant, in: observer.id), arrival: arrival,
      stale: stale)
  }

  /// A client that connects after exchanges it was not there for follows each of them from
  /// now: it learns the values when it first sees the participant.
  mutating func watchExchanges(before client: String) {
    for story in latestStory.values.sorted()
    where drafts[story].changesMetadata && !drafts[story].observerIDs.contains(client) {
      let participant = drafts[story].context.participant
      guard participant != client, watches[client]?[participant] == nil else { continue }
      let observer = Observer(id: client, kind: .client(profile: roster.profile(of: client)))
      watch(participant, by: observer, story: story, showing: nil, arrival: .joinedLater)
    }
  }

  /// Ends every watch of `participant`'s previous exchange (a new one replaces its values)
  /// and hands on the stale spans still shown, which go on under the new exchange — unless
  /// what the observer shows is what the new exchange sets (`truth`): then it is right again
  /// (`restored`).
  private mutating func supersede(_ participant: String, at time: Int64, truth: ParticipantMetadata)
    -> (carried: [String: StaleValues], restored: Set<String>)
  {
    guard let story = latestStory[participant] else { return ([:], []) }
    var carried: [String: StaleValues] = [:]
    var restored: Set<String> = []
    for (slot, observer) in drafts[story].observers.enumerated()
    where drafts[story].sightings[slot] == nil {
      guard let watch = watches[observer.id]?[participant] else { continue }
      if watch.hidden == nil, let stale = watch.stale {
        if stale.believed != truth {
          carried[observer.id] = stale
        } else {
          restored.insert(observer.id)
        }
      }
      settle(watch, .superseded(at: time))
    }
    return (carried, restored)
  }

  /// At the end of an exchange's step, a composition that had the participant in view and
  /// did not turn stale followed at once (policy `live`).
  private mutating func closeStep() {
    for story in step.stories {
      let participant = drafts[story].context.participant
      for (slot, observer) in drafts[story].observers.enumerated()
      where observer.isComposition && drafts[story].sightings[slot] == nil {
        guard let watch = watches[observer.id]?[participant], watch.story == story,
          watch.participantInView, watch.stale == nil, watch.hidden == nil
        else { continue }
        let event = step.relaidOut.contains(observer.id) ? "layoutChanged" : nil
        settle(
          watch, Outcome(verdict: .atOnce, time: drafts[story].context.time, event: event))
      }
    }
    step = OpenStep()
  }
}
