import IVSRules
import StageEngine

/// Verdicts the records cannot settle, told as unknown with what would settle them and the
/// stale time they still allow (issue 29 item 2): an observer whose events before the
/// exchange are on a missing page, one whose own events are not among the inputs at all
/// (only get-participant or EventBridge tell of it), one whose newest events are missing
/// (get-participant says it left; its records do not), and one whose records show its media
/// stop and start again as its SDK's reconnection after a network drop would — IVS's
/// records do not tell that from the app's own stop and start, and a reconnected SDK is told
/// the current values at once — and a composition that get-composition says started or
/// stopped, to the whole second, in the second of the exchange or of the moment that told it
/// (finding 7001342).
extension Explanation {
  /// How long the SDK retries a network failure before it gives up: a stop and start again
  /// within it can be one drop (the Web error-handling page: "the SDK will retry internally
  /// for up to 30 seconds before emitting a FAILED error").
  static let reconnectWindow: UInt64 = 30_000

  /// `stories` with every such verdict marked unknown, changed in place.
  static func unsettled(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    let pages = session.unansweredPages
    let unrecorded = unrecordedObservers(session)
    let drops = possibleDrops(session.recorded)
    let late = lateStarts(session)
    guard
      !pages.isEmpty || !unrecorded.isEmpty || !drops.isEmpty || !late.isEmpty
        || !session.endsUnrecorded.isEmpty || session.composition != nil
    else { return stories }
    let heldFor = valuesHeld(stories)
    for story in stories.indices {
      let held = heldFor[story]
      let time = stories[story].time
      let participant = stories[story].participant
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        // The participant's newest events missing: a later exchange of its may have ended
        // the span early.
        if let last = session.endsUnrecorded[participant], let stale = sighting.stale,
          stale.until > last
        {
          stories[story].sightings[index].unsettle(
            unendedReason(participant, last, session),
            Sighting.StaleBounds(
              atLeast: sighting.dependsOn == nil
                ? VirtualDuration.distance(from: stale.since, to: max(stale.since, last)) : 0,
              atMost: stale.end == .sessionEnded ? nil : stale.seconds))
        } else if let last = session.endsUnrecorded[participant], stories[story].changesMetadata,
          sighting.stale == nil, sighting.verdict == .never || (sighting.time ?? .max) > last
        {
          // Told after them (or never): whether the participant still published then, to
          // tell it by a join or a republish, is on the missing events (finding 7162).
          stories[story].sightings[index].unsettle(
            unendedReason(participant, last, session),
            Sighting.StaleBounds(atLeast: 0, atMost: held))
        }
        guard !sighting.isComposition else {
          if let stale = sighting.stale, session.composition?.changeUnknown(at: time) == true {
            // Old behaviour or new: as the model has it, or at once.
            stories[story].sightings[index].unsettle(
              changeDayReason(time),
              Sighting.StaleBounds(
                atLeast: 0, atMost: stale.end == .sessionEnded ? nil : stale.seconds))
          } else if let edge = session.composition?.edge(inSecond: time) {
            // Started or stopped before the exchange or after it: either way it showed
            // the new values from when it ran, or stale ones as the model has it.
            stories[story].sightings[index].unsettle(
              compositionReason(
                edge, in: "the second \(session.name(participant)) exchanged in",
                then: "at the exchange"),
              Sighting.StaleBounds(
                atLeast: 0,
                atMost: sighting.stale.map { $0.end == .sessionEnded ? nil : $0.seconds } ?? 0))
          } else if sighting.verdict == .later, let told = sighting.time,
            let edge = session.composition?.edge(inSecond: told)
          {
            // Started or stopped before the moment that told it or after it: whether it saw
            // the values then is unknown; its stale time is the same either way.
            let seconds = sighting.stale?.seconds ?? 0
            stories[story].sightings[index].unsettle(
              compositionReason(
                edge, in: "the second of \(VirtualTime.iso8601(told)) that would have told it",
                then: "then"),
              Sighting.StaleBounds(
                atLeast: sighting.dependsOn == nil ? seconds : 0, atMost: seconds))
          }
          continue
        }
        let observer = sighting.observer
        let anything = Sighting.StaleBounds(atLeast: 0, atMost: held)
        if let page = pages.first(where: {
          $0.participant == observer && time <= $0.before.floorDivided(by: 1000)
        }) {
          stories[story].sightings[index].unsettle(
            "\(session.name(observer))'s events before \(RecordTime.iso8601(milliseconds: page.before))"
              + " are on a page not among the inputs (\(page.origin) has its nextToken: fetch it with"
              + " list-participant-events --next-token)", anything)
        }
        if unrecorded.contains(observer) {
          stories[story].sightings[index].unsettle(unrecordedReason(observer, session), anything)
        }
        if let last = session.endsUnrecorded[observer] {
          let reason = unendedReason(observer, last, session)
          if time > last {
            stories[story].sightings[index].unsettle(reason, anything)
          } else if let stale = sighting.stale, stale.until > last {
            stories[story].sightings[index].unsettle(
              reason,
              Sighting.StaleBounds(
                atLeast: sighting.dependsOn == nil
                  ? VirtualDuration.distance(from: stale.since, to: max(stale.since, last)) : 0,
                atMost: stale.end == .sessionEnded ? nil : stale.seconds))
          }
        }
        guard let stale = sighting.stale else { continue }
        if let start = late[observer]?.first(where: { $0.reaches(into: stale) }) {
          // Told as it reconnected, between the start's cause and the start.
          let cause = start.cause.floorDivided(by: 1000)
          stories[story].sightings[index].unsettle(
            lateStartReason(start, session),
            Sighting.StaleBounds(
              atLeast: sighting.dependsOn == nil
                ? VirtualDuration.distance(from: stale.since, to: max(stale.since, cause)) : 0,
              atMost: stale.end == .sessionEnded ? nil : stale.seconds))
        }
        if stale.end == .observerLeft,
          let drop = drops[observer]?.first(where: { $0.floorDivided(by: 1000) == stale.until })
        {
          // The import read the stop and start as the drop that ended the span (issue 29);
          // the app's own stop and start would not have ended it.
          stories[story].sightings[index].unsettle(
            dropReason(observer, at: drop, session),
            Sighting.StaleBounds(
              atLeast: sighting.dependsOn == nil ? stale.seconds : 0, atMost: held))
          continue
        }
        guard
          let drop = drops[observer]?.first(where: {
            $0.floorDivided(by: 1000) >= stale.since && $0.floorDivided(by: 1000) < stale.until
          })
        else { continue }
        let before = VirtualDuration.distance(from: stale.since, to: drop.floorDivided(by: 1000))
        stories[story].sightings[index].unsettle(
          dropReason(observer, at: drop, session),
          Sighting.StaleBounds(
            atLeast: sighting.dependsOn == nil ? before : 0,
            atMost: stale.end == .sessionEnded ? nil : stale.seconds))
      }
    }
    return stories
  }

  /// The summary's sentences for what the records cannot settle besides a missing page
  /// (which has its own): each participant whose own events are not among the inputs or end
  /// too early, each possible network drop and each composition start or stop in an
  /// exchange's second, with how many verdicts they leave unknown.
  static func unsettledLines(_ stories: [ExchangeStory], _ session: ImportedSession) -> [String] {
    let unrecorded = unrecordedObservers(session)
    var counts: [String: Int] = [:]
    var moments: [String] = []
    for sighting in stories.lazy.flatMap(\.sightings) {
      guard let reason = sighting.unsettledBy else { continue }
      if reason.hasPrefix(dropPrefix) || reason.hasPrefix(compositionPrefix)
        || reason.hasPrefix(lateStartPrefix),
        counts[reason] == nil
      {
        moments.append(reason)
      }
      counts[reason, default: 0] += 1
    }
    let missing = session.sdks.lazy.map(\.id).compactMap { id -> String? in
      if unrecorded.contains(id) {
        let reason = unrecordedReason(id, session)
        return "\(reason); its own token exchanges are not in this report, and"
          + " \(counts[reason] ?? 0) verdict(s) about what it saw are unknown"
      }
      guard let last = session.endsUnrecorded[id] else { return nil }
      let reason = unendedReason(id, last, session)
      return "\(reason); \(counts[reason] ?? 0) verdict(s) are unknown"
    }
    return Array(missing) + moments.map { "\(counts[$0] ?? 0) verdict(s) unknown: \($0)" }
  }

  /// Clients the model had on the stage whose own ListParticipantEvents events are not
  /// among the inputs (a join at get-participant's `firstJoinTime`, or at an EventBridge
  /// event): when they joined, left or joined again is unknown. An `--observer` is
  /// hypothetical: it has none by design.
  private static func unrecordedObservers(_ session: ImportedSession) -> Set<String> {
    var joined: Set<String> = []
    for case .join(let id) in session.runnable.steps { joined.insert(id) }
    return joined.subtracting(session.covered).subtracting(session.observers)
  }

  private static func unrecordedReason(_ observer: String, _ session: ImportedSession) -> String {
    "\(session.name(observer))'s own events are not among the inputs (only others' records,"
      + " get-participant or EventBridge tell of it): when it joined, left or joined again is not"
      + " known (fetch them with list-participant-events --participant-id \(observer))"
  }

  private static func unendedReason(_ id: String, _ last: Int64, _ session: ImportedSession)
    -> String
  {
    if session.endsLeaving.contains(id) {
      return "\(session.name(id))'s own events end with a LEFT at \(VirtualTime.iso8601(last)),"
        + " though get-participant says CONNECTED: it joined again and its newest events are"
        + " missing, token exchanges among them, or get-participant was read before it left"
        + " (fetch its first list-participant-events page again)"
    }
    guard session.endsUnconfirmed.contains(id) else {
      return "\(session.name(id))'s own events end at \(VirtualTime.iso8601(last)) without a LEFT,"
        + " though get-participant says DISCONNECTED: its newest events are missing, token"
        + " exchanges among them (fetch its first list-participant-events page again)"
    }
    return "\(session.name(id))'s own events end at \(VirtualTime.iso8601(last)) without a LEFT,"
      + " and no get-participant says whether it was still on the stage: its newest events may"
      + " be missing, token exchanges among them (get-participant --participant-id \(id) settles"
      + " it)"
  }

  private static let dropPrefix = "whether the stop and start again of "

  private static let compositionPrefix = "get-composition's "

  /// Why a composition's sighting is unknown: get-composition's `edge`, to the whole second,
  /// falls in `second` (the exchange's, or that of the event that would have told it), and
  /// whether it ran `then` the records do not tell.
  private static func compositionReason(
    _ edge: (name: String, time: Int64), in second: String, then: String
  ) -> String {
    let ran = edge.name == "startTime" ? "had started" : "still ran"
    return
      "\(compositionPrefix)\(edge.name) \(RecordTime.iso8601(milliseconds: edge.time)) is to the"
      + " whole second, \(second): whether the composition \(ran) \(then) the records do not"
      + " tell (the composition's recording of that moment settles it)"
  }

  /// Why a composition's sighting of an exchange at `second` is unknown: IVS changed how
  /// compositions follow exchanges that day or before, dated to the day.
  private static func changeDayReason(_ second: Int64) -> String {
    "\(compositionPrefix)startTime is on or before \(Releases.liveCompositionLayouts), the day IVS"
      + " began moving composition layouts at once after an exchange"
      + " (composition.layout.live; before, on republish or reconnect), and the exchange at"
      + " \(VirtualTime.iso8601(second)) on or after it: the change is dated to the day, not the"
      + " hour, so whether this composition followed it at once is not known (the composition's"
      + " recording of that moment settles it)"
  }

  private static func dropReason(_ observer: String, at time: Int64, _ session: ImportedSession)
    -> String
  {
    "\(dropPrefix)\(session.name(observer))'s publishing or subscriptions at"
      + " \(RecordTime.iso8601(milliseconds: time)) was its SDK reconnecting after a network drop"
      + " (then it was told the current values as it reconnected); IVS's records do not tell a"
      + " drop from the app's own stop and start: the app's log of its connection state settles it"
  }

  /// For each story, how long its values were the participant's (to its next exchange that
  /// changed them); nil when no later exchange replaced them. One pass from the newest, so a
  /// long session's stories are not each searched forward.
  static func valuesHeld(_ stories: [ExchangeStory]) -> [UInt64?] {
    var held = [UInt64?](repeating: nil, count: stories.count)
    var nextChange: [String: Int64] = [:]
    for index in stories.indices.reversed() {
      let story = stories[index]
      if let next = nextChange[story.participant] {
        held[index] = VirtualDuration.distance(from: story.time, to: max(story.time, next))
      }
      if story.changesMetadata { nextChange[story.participant] = story.time }
    }
    return held
  }

  /// Each participant's moments (milliseconds, oldest first) at which its publishing, or its
  /// subscription to a publisher that kept publishing, stopped and started again within
  /// `reconnectWindow`, with no LEFT or JOINED between: what a network drop the SDK
  /// recovered from leaves in the records, as far as they can show it.
  static func possibleDrops(_ recorded: [RecordedEvent]) -> [String: [Int64]] {
    var stopped: [String: [Int64]] = [:]
    for event in recorded where event.kind == .publishStopped || event.kind == .left {
      stopped[event.participantId, default: []].append(event.second)
    }
    var publishStop: [String: Int64] = [:]
    var subscribeStop: [String: [String: Int64]] = [:]
    var drops: [String: [Int64]] = [:]
    func add(_ id: String, _ time: Int64) { drops[id, default: []].append(time) }
    func within(_ stop: Int64, _ start: Int64) -> Bool {
      start >= stop && VirtualDuration.distance(from: stop, to: start) <= reconnectWindow
    }
    for event in recorded {
      let id = event.participantId
      switch event.kind {
      case .joined?, .left?:
        publishStop[id] = nil
        subscribeStop[id] = nil
      case .publishStopped?: publishStop[id] = event.time
      case .publishStarted?:
        if let stop = publishStop.removeValue(forKey: id), within(stop, event.time) {
          add(id, stop)
        }
      case .subscribeStopped?:
        guard let remote = event.remoteParticipantId,
          !(stopped[remote] ?? []).contains(where: {
            VirtualDuration.distance(from: $0, to: event.second) <= 1
          })
        else { continue }
        subscribeStop[id, default: [:]][remote] = event.time
      case .subscribeStarted?:
        guard let remote = event.remoteParticipantId,
          let stop = subscribeStop[id]?.removeValue(forKey: remote),
          within(stop, event.time)
        else { continue }
        add(id, stop)
      default: break
      }
    }
    // One moment per second (a drop stops every subscription at once).
    return drops.mapValues { times in
      var seconds: Set<Int64> = []
      return times.sorted().filter { seconds.insert($0.floorDivided(by: 1000)).inserted }
    }
  }
}

extension ExchangeStory.Sighting {
  /// Marks the verdict unknown for `reason` (the first reason is told; the bounds widen to
  /// hold every reason's).
  mutating func unsettle(_ reason: String, _ bounds: StaleBounds) {
    if unsettledBy == nil { unsettledBy = reason }
    staleBounds = staleBounds.map { $0.widened(by: bounds) } ?? bounds
  }
}
