import StageEngine

/// Verdicts that rest on the model's picture of the observer's subscription to the
/// participant where the observer's own records, given, say otherwise. Either the model has
/// the observer subscribe and its records show no such `SUBSCRIBE_STARTED` (findings 101837,
/// 102103: its newest page may be missing — a lost newest page leaves no `nextToken`
/// unanswered, and get-participant may still say `CONNECTED` — or it left before a
/// subscription the model starts in that same second), or its records start or stop the
/// subscription where the model could not follow (finding 3007941: the participant's own
/// `PUBLISH_STOPPED` on a page left out, its subscribers' `SUBSCRIBE_STOPPED`s kept). Either
/// way what it showed of the participant then is not known. And a stale span in which the
/// observer's records start or stop a subscription to anyone the model could not follow
/// (finding 5006648: its reconnection on a page left out) may have ended there. And a verdict
/// whose stretch, from the exchange until the observer was told, reaches into events of the
/// observer's own that the model has and its records lack is unknown (findings 40003896,
/// 43003981: a page left out, its reconnection or its leaving among them), as is one that
/// reaches into such events of the participant's own (finding 41035775: its next exchange
/// among them).
extension Explanation {
  /// `stories` with each such verdict marked unknown, changed in place: the subscription is
  /// one the model starts after the participant's exchange before this one and before the
  /// observer was told (or the end), or the observer's last recorded start or stop of it at
  /// the exchange, or one before it was told, is one the model did not follow.
  static func unsubscribed(
    _ stories: consuming [ExchangeStory], _ comparison: RecordComparison,
    _ session: ImportedSession
  ) -> [ExchangeStory] {
    var started: [String: [String: [Int64]]] = [:]
    for event in comparison.entries.unrecorded where event.kind == .subscribeStarted {
      guard let remote = event.remoteParticipantId else { continue }
      started[event.participant, default: [:]][remote, default: []].append(event.time)
    }
    let recorded = recordedSubscriptions(comparison.entries)
    let missing = ParticipantLabels.unrecorded(comparison.entries.unrecorded, session)
      .mapValues { $0.sorted { $0.from < $1.from } }
    guard !started.isEmpty || recorded.unfollowed || !missing.isEmpty else { return stories }
    let heldFor = valuesHeld(stories)
    var previous: [String: Int64] = [:]
    for story in stories.indices {
      let participant = stories[story].participant
      let exchanged = stories[story].time
      let since = previous[participant] ?? .min
      previous[participant] = exchanged
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        guard !sighting.isComposition else { continue }
        let reach =
          sighting.verdict == .never
          ? Int64.max : max(sighting.time ?? .max, sighting.stale?.until ?? .min)
        let bounds = Sighting.StaleBounds(atLeast: 0, atMost: heldFor[story])
        if let times = started[sighting.observer]?[participant],
          let time = times.first(where: { $0 >= since && $0 <= reach })
        {
          stories[story].sightings[index].unsettle(
            "\(modelSubscribes)\(session.name(sighting.observer)) subscribe to \(participant) at"
              + " \(VirtualTime.iso8601(time)), which its own records do not show (its newest"
              + " events missing, or it left first): what it showed of \(participant) then is"
              + " not known (fetch its list-participant-events pages again)", bounds)
        } else if let event = recorded.events[sighting.observer]?[participant].flatMap({
          unfollowed(in: $0, at: exchanged, reach: reach)
        }) {
          stories[story].sightings[index].unsettle(
            "\(recordsSubscribe)\(event.started ? "start" : "stop") its subscription to"
              + " \(participant) at \(RecordTime.iso8601(milliseconds: event.time)), which the"
              + " model could not follow (its app changing its subscribe strategy, or events of"
              + " \(participant) missing, such as a publish starting or stopping then): whether"
              + " it watched \(participant) at the exchange is not known (fetch"
              + " \(participant)'s list-participant-events pages)", bounds)
        } else if let stale = sighting.stale,
          let other = recorded.unfollowedByObserver[sighting.observer]?.first(where: {
            $0.time.floorDivided(by: 1000) >= stale.since
              && $0.time.floorDivided(by: 1000) < stale.until
          })
        {
          // Its connection may have dropped then (an SDK reconnecting is told the current
          // values), or its app changed what it subscribes to (finding 5006648).
          let before = VirtualDuration.distance(
            from: stale.since, to: other.time.floorDivided(by: 1000))
          stories[story].sightings[index].unsettle(
            "\(recordsStopOther)\(other.started ? "start" : "stop") its subscription to"
              + " \(other.publisher) at \(RecordTime.iso8601(milliseconds: other.time)), which"
              + " the model could not follow: a network drop it recovered from (which tells the"
              + " current values) or its app changing its subscribe strategy (which does not);"
              + " how long it stayed stale after that is not known (fetch its"
              + " list-participant-events pages again)",
            Sighting.StaleBounds(
              atLeast: sighting.dependsOn == nil ? before : 0,
              atMost: stale.end == .sessionEnded ? nil : stale.seconds))
        } else if let stretch = missing[sighting.observer]?.first(where: { stretch in
          stretch.from <= reach && stretch.to >= exchanged
            || sighting.stale.map { stretch.from < $0.until && stretch.to > $0.since } == true
        }) {
          // Its own events there are missing: it may have left, joined again or reconnected
          // among them (a reconnection tells the current values), so it showed at most what
          // the model has (findings 40003896, 43003981).
          stories[story].sightings[index].unsettle(
            "\(modelHasOwn)\(session.name(sighting.observer))'s own \(stretch.text) that its"
              + " records lack (MISSING IN RECORDS): a page of its events left out, on which it"
              + " may have left, joined again or reconnected (which tells the current values);"
              + " what it showed then is not known (fetch its list-participant-events pages"
              + " again)",
            Sighting.StaleBounds(
              atLeast: staleUpTo(stretch.from, sighting),
              atMost: sighting.stale.map { $0.end == .sessionEnded ? nil : $0.seconds } ?? 0))
        } else if let stretch = missing[participant]?.first(where: {
          $0.from < (sighting.stale.map { max($0.until, sighting.time ?? .min) } ?? reach)
            && $0.to > exchanged
        }) {
          // The participant's own events there are missing: a later exchange, unpublish or
          // leave of its among them may have ended the span (finding 41035775); not once the
          // observer had left.
          stories[story].sightings[index].unsettle(
            "\(exchangerHasOwn)\(session.name(participant)) may have ended the span: the"
              + " model has events of its own \(stretch.text) that its records lack (MISSING IN"
              + " RECORDS), a page of its events left out (fetch its list-participant-events"
              + " pages again)",
            Sighting.StaleBounds(
              atLeast: staleUpTo(stretch.from, sighting),
              atMost: sighting.stale.map { $0.end == .sessionEnded ? nil : $0.seconds }
                ?? heldFor[story]))
        }
      }
    }
    return stories
  }

  /// How long `sighting`'s stale span lasted up to `second`, where events the records lack
  /// begin: what the records before them settle (none when the verdict hangs on more).
  private static func staleUpTo(_ second: Int64, _ sighting: ExchangeStory.Sighting) -> UInt64 {
    guard sighting.dependsOn == nil, let stale = sighting.stale, stale.since < second else {
      return 0
    }
    return VirtualDuration.distance(from: stale.since, to: min(stale.until, second))
  }

  /// How the reasons `unsubscribed` gives begin.
  private static let modelSubscribes = "the model has "
  private static let recordsSubscribe = "its own records "
  private static let recordsStopOther = "while it was stale, its own records "
  /// Keyed by the observer, as `modelSubscribes` (which it begins with) is.
  private static let modelHasOwn = "the model has events of "
  private static let exchangerHasOwn = "a later exchange, unpublish or leave of "

  /// The summary's sentences for the verdicts `unsubscribed` left unknown (the stale totals
  /// count them as unknown "above": finding 238039-totals), each with its first reason: one
  /// per observer the model has subscribe where its own records do not (its own events may be
  /// missing), one per publisher whose subscribers' records start or stop a subscription the
  /// model could not follow (the publisher's events may be missing), its observers named as
  /// the stale sentences name them, so a thousand subscribers still make one sentence.
  static func unsubscribedLines(_ stories: [ExchangeStory], _ session: ImportedSession)
    -> [String]
  {
    // Keyed by the observer or by the publisher; the observers in order, each once.
    var first: [String: String] = [:]
    var counts: [String: Int] = [:]
    var observers: [String: [String]] = [:]
    var order: [(key: String, modelled: Bool)] = []
    for story in stories {
      for sighting in story.sightings {
        guard let reason = sighting.unsettledBy else { continue }
        let modelled =
          reason.hasPrefix(modelSubscribes) || reason.hasPrefix(recordsStopOther)
        guard modelled || reason.hasPrefix(recordsSubscribe) else { continue }
        let key = modelled ? sighting.observer : story.participant
        if first[key] == nil {
          first[key] = reason
          order.append((key, modelled))
        }
        counts[key, default: 0] += 1
        if !(observers[key] ?? []).contains(sighting.observer) {
          observers[key, default: []].append(sighting.observer)
        }
      }
    }
    return order.map { key, modelled in
      let count = "\(counts[key] ?? 0) verdict(s)"
      let reason = first[key] ?? ""
      guard !modelled else {
        return "\(count) about what \(session.name(key)) showed are unknown: the model and its"
          + " own records differ on what it subscribed to, so its own events may be missing"
          + " (exchanges among them not in this report), it left first, its connection dropped"
          + " or its app changed what it subscribes to; the first: \(reason)"
      }
      let who = observers[key] ?? []
      let named = who.prefix(3).map(session.name).joined(separator: ", ")
      return "\(count) about what \(named)\(who.count > 3 ? " and \(who.count - 3) more" : "")"
        + " showed of \(session.name(key)) are unknown: their own records start or stop"
        + " subscriptions to it the model could not follow, so events of its own may be missing"
        + " (exchanges among them not in this report), or their apps changed what they subscribe"
        + " to; the first: \(reason)"
    }
  }

  /// A recorded start or stop of a subscription: when (milliseconds), which, and whether
  /// the model made it too.
  typealias RecordedSubscription = (time: Int64, started: Bool, followed: Bool)

  /// Each observer's recorded subscription events per publisher, oldest first, whether any
  /// is one the model did not follow, and those it did not follow by observer.
  static func recordedSubscriptions(_ entries: RecordComparison.Entries)
    -> (
      events: [String: [String: [RecordedSubscription]]], unfollowed: Bool,
      unfollowedByObserver: [String: [(time: Int64, started: Bool, publisher: String)]]
    )
  {
    var events: [String: [String: [RecordedSubscription]]] = [:]
    var byObserver: [String: [(time: Int64, started: Bool, publisher: String)]] = [:]
    var unfollowed = false
    // By position: iterating would copy every recorded event.
    for index in entries.recorded.indices {
      let kind = entries.recorded[index].kind
      guard kind == .subscribeStarted || kind == .subscribeStopped,
        let remote = entries.recorded[index].remoteParticipantId
      else { continue }
      let followed = entries.matches[index] != nil
      unfollowed = unfollowed || !followed
      if !followed {
        byObserver[entries.recorded[index].participantId, default: []].append(
          (entries.recorded[index].time, kind == .subscribeStarted, remote))
      }
      events[entries.recorded[index].participantId, default: [:]][remote, default: []].append(
        (entries.recorded[index].time, kind == .subscribeStarted, followed))
    }
    return (events, unfollowed, byObserver)
  }

  /// The first of `events` (one pair's, oldest first) the model did not follow that a verdict
  /// about an exchange at `exchanged` (seconds) reaching to `reach` rests on: the last one
  /// before the exchange's second (the state the exchange found), or one up to `reach`.
  static func unfollowed(in events: [RecordedSubscription], at exchanged: Int64, reach: Int64)
    -> RecordedSubscription?
  {
    let before = events.lastIndex { $0.time.floorDivided(by: 1000) < exchanged }
    let first = before ?? events.startIndex
    return events[first...].first {
      !$0.followed && $0.time.floorDivided(by: 1000) <= reach
    }
  }
}
