import StageEngine

/// What each kind of event tells the follower, and how a watch is settled into a sighting.
extension ExchangeFollower {
  mutating func connection(_ event: StageEvent) {
    guard let id = event.observer else { return }
    switch event.state.flatMap(ConnectionState.init(rawValue:)) {
    case .connected?:
      roster.connect(id, profile: event.sdk?.description ?? "")
      watchExchanges(before: id)
    case .disconnected?:
      roster.disconnect(id, at: ordinal, seq: event.seq)
      guard var mine = watches.removeValue(forKey: id) else { return }
      for participant in Array(mine.keys) where mine[participant]?.hidden == nil {
        if mine[participant]?.stale != nil {
          mine[participant]?.hidden = SpanEnd(time: event.time, end: .observerLeft)
        }
      }
      watches[id] = mine
    case .connecting?, nil: break
    }
  }

  mutating func clientSaw(_ event: StageEvent) {
    guard let observer = event.observer, let participant = event.participant,
      observer != participant
    else { return }
    switch event.kind {
    case .participantLeft:
      sawPublishChange(.stoppedPublishing, by: event, observer: observer, about: participant)
      hide(participant, from: observer, SpanEnd(time: event.time, end: .participantStopped))
    case .participantJoined:
      sawPublishChange(.startedPublishing, by: event, observer: observer, about: participant)
      told(
        observer, about: participant, by: event, .later, via: event.name,
        serverEvent: roster.serverEvent(showing: participant, to: observer))
    default:
      told(observer, about: participant, by: event, .atOnce, via: event.name)
    }
  }

  mutating func belief(_ event: StageEvent) {
    guard let observer = event.observer, let participant = event.participant,
      var watch = watches[observer]?[participant]
    else { return }
    switch event.state.flatMap(BeliefExpectation.View.init(rawValue:)) {
    case .stale?:
      guard watch.stale == nil || watch.hidden != nil else { return }
      let believed = ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:])
      // Values the exchange itself sets are not stale, whatever the SDK (oracle finding F1).
      guard believed != drafts[watch.story].context.truth else { return }
      watch.stale = StaleValues(from: event.time, believed: believed, reason: event.reason ?? "")
      watch.hidden = nil
      watches[observer]?[participant] = watch
    case .current?:
      // A client was told by participantJoined just before; a composition by its relayout
      // or by a change of policy.
      told(observer, about: participant, by: event, .later, via: nil)
    case .unseen?, nil: break
    }
  }

  mutating func composition(_ event: StageEvent) {
    guard let id = event.observer else { return }
    switch event.kind {
    case .compositionStarted:
      roster.start(composition: id)
    case .compositionStopped:
      roster.stop(composition: id)
      for (_, var watch) in watches.removeValue(forKey: id) ?? [:] {
        if watch.stale != nil, watch.hidden == nil {
          watch.hidden = SpanEnd(time: event.time, end: .compositionStopped)
        }
        settle(watch, .never)
      }
    default:
      step.relaidOut.insert(id)
      let change = roster.relayout(id, showing: Set((event.slots ?? []).map(\.participant)))
      for participant in change.shown {
        told(id, about: participant, by: event, .later, via: "layoutChanged")
      }
      for participant in change.hidden {
        hide(participant, from: id, SpanEnd(time: event.time, end: .participantStopped))
      }
    }
  }

  mutating func server(_ event: StageEvent) {
    guard event.source == .server, let participant = event.participant else { return }
    switch event.kind {
    case .joined: roster.join(participant, seq: event.seq)
    case .publishStarted: roster.startPublishing(participant, seq: event.seq)
    case .publishStopped: roster.stopPublishing(participant, at: ordinal)
    case .left: roster.leave(participant, at: ordinal)
    default: break
    }
  }

  mutating func strategy(_ event: StageEvent) {
    guard event.source == .strategy, let observer = event.observer,
      let story = step.stories.last(where: { drafts[$0].context.participant == observer })
    else { return }
    drafts[story].strategy.append("\(event.name ?? event.kind.rawValue) → \(event.answer ?? "")")
  }

  /// An exchange that changed no metadata: who saw the participant stop or start publishing
  /// in its step.
  private mutating func sawPublishChange(
    _ verdict: Sighting.Verdict, by event: StageEvent, observer: String,
    about participant: String
  ) {
    guard
      let story = step.stories.last(where: {
        drafts[$0].context.participant == participant && !drafts[$0].changesMetadata
      })
    else { return }
    drafts[story].sightings.append(
      .init(
        observer: observer, profile: event.sdk?.description ?? "", isComposition: false,
        verdict: verdict, time: event.time, event: event.name, cause: nil, stale: nil,
        context: drafts[story].context))
  }

  /// `observer` was told `participant`'s values by `event` (`.atOnce` or `.later`), which
  /// the server event numbered `serverEvent` caused, when one did.
  private mutating func told(
    _ observer: String, about participant: String, by event: StageEvent,
    _ verdict: Sighting.Verdict, via name: String?, serverEvent: Int? = nil
  ) {
    guard let watch = watches[observer]?[participant] else { return }
    let cause = verdict == .later ? cause(watch, observer: observer, participant: participant) : nil
    settle(
      watch,
      Outcome(
        verdict: verdict, time: event.time, event: name, cause: cause, serverEvent: serverEvent))
  }

  /// `observer` stopped showing `participant` (and so its stale values) at `end`.
  private mutating func hide(_ participant: String, from observer: String, _ end: SpanEnd) {
    guard var watch = watches[observer]?[participant], watch.stale != nil, watch.hidden == nil
    else { return }
    watch.hidden = end
    watches[observer]?[participant] = watch
  }

  /// Why `observer` is told now: what happened since the exchange, the participant's own
  /// doings first.
  private func cause(_ watch: Watch, observer: String, participant: String) -> Sighting.Cause {
    if roster.did(.left, participant, after: watch.start) { return .reconnected }
    if roster.did(.disconnected, participant, after: watch.start) { return .networkDrop }
    if roster.did(.unpublished, participant, after: watch.start) { return .republished }
    if roster.did(.disconnected, observer, after: watch.start) { return .observerRejoined }
    if !watch.participantWasPublishing { return .startedPublishing }
    if watch.arrival == .joinedLater { return .joinedAfterExchange }
    return drafts[watch.story].observers[watch.slot].isComposition ? .policyChanged : .shownAgain
  }

  /// Writes the sighting of `watch` as `outcome` says and stops watching.
  mutating func settle(_ watch: Watch, _ outcome: Outcome) {
    // Not a copy of the draft: holding one would copy its sightings on the write below.
    let observer = drafts[watch.story].observers[watch.slot]
    let context = drafts[watch.story].context
    let stale = watch.stale.flatMap { stale -> Sighting.Staleness? in
      let end = watch.hidden ?? outcome.spanEnd(now: lastTime)
      // Measured against this exchange's values only while they were the true ones: a span
      // an earlier exchange began, ended as this one came (it stopped publishing at once),
      // is no staleness of this exchange.
      let since = max(stale.from, context.time)
      guard end.time > since || end.end == .sessionEnded else { return nil }
      return Sighting.Staleness(
        from: stale.from, since: since, until: end.time, end: end.end, believed: stale.believed,
        reason: stale.reason)
    }
    drafts[watch.story].sightings[watch.slot] = .init(
      observer: observer.id, profile: observer.profile, isComposition: observer.isComposition,
      verdict: outcome.verdict, time: outcome.time, event: outcome.event, cause: outcome.cause,
      stale: stale, context: context)
    drafts[watch.story].sightings[watch.slot]?.serverEvent = outcome.serverEvent
    drafts[watch.story].sightings[watch.slot]?.participantWasPublishing =
      watch.participantWasPublishing
    watches[observer.id]?[context.participant] = nil
  }
}
