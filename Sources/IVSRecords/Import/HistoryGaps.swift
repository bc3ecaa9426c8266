import StageEngine

/// A stretch of one participant's own ListParticipantEvents history in which some of its
/// events are missing, told by two of its events that cannot follow each other (a
/// `SUBSCRIBE_STOPPED` with no `SUBSCRIBE_STARTED` before it, a `JOINED` with no `LEFT`, a
/// `LEFT` while publishing with no `PUBLISH_STOPPED`, a `previousToken` unlike the `newToken`
/// before it or without a capability the participant used since its last exchange or join, a
/// `PUBLISH_ERROR` `INSUFFICIENT_CAPABILITIES` where its last exchange's token or the one it
/// published with since allowed publishing),
/// or by an EventBridge event they lack
/// (a publish EventBridge tells that no own event does). A page left out between two others
/// leaves no `nextToken` unanswered (each page names only the page after it), so this is
/// what shows it, where anything does: what the participant did meanwhile (token exchanges
/// among it) is unknown.
public struct HistoryGap: Sendable, Equatable {
  /// Whose events are missing.
  public let participant: String
  /// Events after this moment (milliseconds)…
  public let after: Int64
  /// …and before this one are missing.
  public let before: Int64
  /// The two events that cannot follow each other, in words.
  public let evidence: String
}

extension RecordImporter {
  /// Every participant's gaps, oldest first, overlapping ones joined: from the first of the
  /// two events that cannot follow each other (or, later, the first place between them
  /// where two of the participant's pages meet: a page left out lies where the pages sent
  /// meet) to the second (what the missing events changed holds until an event says
  /// otherwise).
  static func historyGaps(_ recorded: [RecordedEvent], _ records: RecordSet) -> [HistoryGap] {
    var histories: [String: History] = [:]
    var found: [String: [HistoryGap]] = [:]
    var order: [String] = []
    // An EventBridge event left after `SourceMerge` is one the participant's own events do
    // not tell: those around it are missing (EventBridge tells what they do; finding 50619).
    // So is another's subscription to it while its own events say it could not publish
    // (finding 7001392).
    // So are its subscribers stopping together while its own events have it publishing
    // (findings 322040, 13003691).
    var lastOwn: [String: Int64] = [:]
    var untold: [String: Untold] = [:]
    let together = SubscribersStop(recorded)
    // By position: iterating would copy every event.
    for index in recorded.indices {
      let id = recorded[index].participantId
      let time = recorded[index].time
      guard !recorded[index].viaEventBridge else {
        if untold[id] == nil {
          untold[id] = Untold(
            time: time,
            evidence: "EventBridge has its \(recorded[index].name) at"
              + " \(RecordTime.iso8601(milliseconds: time)), which its own events lack")
        }
        continue
      }
      if recorded[index].kind == .subscribeStarted,
        let remote = recorded[index].remoteParticipantId,
        untold[remote] == nil, let why = histories[remote]?.notPublishing
      {
        untold[remote] = Untold(
          time: time, isSubscription: true,
          evidence: "\(id)'s SUBSCRIBE_STARTED of it at \(RecordTime.iso8601(milliseconds: time))"
            + " has it publishing, but \(why)")
      }
      if recorded[index].kind == .subscribeStopped,
        let remote = recorded[index].remoteParticipantId, untold[remote] == nil,
        let publishing = histories[remote]?.publishing, publishing.on,
        let count = together.unexplained(remote, at: time)
      {
        untold[remote] = Untold(
          time: time,
          evidence: "\(count) participants' SUBSCRIBE_STOPPED of it at"
            + " \(RecordTime.iso8601(milliseconds: time)) have it stop publishing, but its own"
            + " events have it publishing since its \(publishing.name) at"
            + " \(RecordTime.iso8601(milliseconds: publishing.since)) with no PUBLISH_STOPPED")
      }
      if histories[id] == nil { order.append(id) }
      if let told = untold.removeValue(forKey: id),
        !(told.isSubscription && recorded[index].kind == .publishStarted
          && VirtualDuration.distance(from: told.time, to: time)
            <= UInt64(StepBuilder.reconnectBurst))
      {
        found[id, default: []].append(told.gap(id, after: lastOwn[id] ?? told.time, before: time))
      }
      lastOwn[id] = time
      guard let gap = histories[id, default: History()].take(recorded[index]) else { continue }
      found[id, default: []].append(gap)
    }
    // Past its last own event: missing to the end of the records.
    for (id, told) in untold {
      guard let last = lastOwn[id], let end = recorded.last?.time else { continue }
      found[id, default: []].append(told.gap(id, after: last, before: max(end, told.time)))
    }
    guard !found.isEmpty else { return [] }
    // Each page once: a long record's pages are never searched per participant.
    var pages: [String: [EventPage]] = [:]
    for page in records.pages {
      for id in page.participants where found[id] != nil { pages[id, default: []].append(page) }
    }
    var meetings: [String: [(after: Int64, before: Int64)]] = [:]
    for (id, own) in pages {
      let sorted = own.sorted { $0.oldest < $1.oldest }
      meetings[id] = zip(sorted, sorted.dropFirst()).map { ($0.newest, $1.oldest) }.filter {
        $0.0 < $0.1
      }
    }
    return order.flatMap { id in
      joined((found[id] ?? []).map { narrowed($0, to: meetings[id] ?? []) })
    }
  }

  /// What another record tells of a participant that its own events lack: those around it
  /// are missing.
  private struct Untold {
    /// When (milliseconds).
    let time: Int64
    /// Another's subscription to it (its own PUBLISH_STARTED within a second after is the
    /// one the subscription followed).
    var isSubscription = false
    /// In words.
    let evidence: String

    func gap(_ participant: String, after: Int64, before: Int64) -> HistoryGap {
      HistoryGap(participant: participant, after: after, before: before, evidence: evidence)
    }
  }

  /// `gap` starting at the first meeting of pages within it, if any.
  private static func narrowed(_ gap: HistoryGap, to meetings: [(after: Int64, before: Int64)])
    -> HistoryGap
  {
    guard
      let first = meetings.filter({ $0.after >= gap.after && $0.before <= gap.before })
        .map(\.after).min()
    else { return gap }
    return HistoryGap(
      participant: gap.participant, after: first, before: gap.before, evidence: gap.evidence)
  }

  /// `gaps` (one participant's) with overlapping ones joined, the first one's evidence told.
  private static func joined(_ gaps: [HistoryGap]) -> [HistoryGap] {
    var result: [HistoryGap] = []
    for gap in gaps.sorted(by: { $0.after < $1.after }) {
      guard let last = result.last, gap.after <= last.before else {
        result.append(gap)
        continue
      }
      result[result.count - 1] = HistoryGap(
        participant: last.participant, after: last.after, before: max(last.before, gap.before),
        evidence: last.evidence)
    }
    return result
  }

  /// What one participant's events so far say it is doing, and since when (by which event):
  /// enough to tell an event that cannot follow them.
  private struct History {
    typealias State = (on: Bool, since: Int64, name: String)
    /// On the stage (nil: no JOINED or LEFT yet).
    var connected: State?
    /// Publishing (nil: not known yet).
    var publishing: State?
    /// Each publisher's subscription, as far as events told it.
    var subscriptions: [String: State] = [:]
    /// Since a JOINED or LEFT: a publisher missing from `subscriptions` is not subscribed to.
    var subscriptionsKnown = false
    var token: (token: RecordedToken, since: Int64)?
    /// Its last PUBLISH_STARTED and SUBSCRIBE_STARTED since its last exchange or join: the
    /// token it held then had the capability (finding 3003326).
    var published: State?
    var subscribed: State?

    /// Why its events so far say it could not be publishing now, if they do: its last
    /// publish event stopped it, or its token has no PUBLISH.
    var notPublishing: String? {
      if let publishing, !publishing.on {
        return "its own events have it not publishing since its \(publishing.name) at"
          + " \(Self.clock(publishing.since))"
      }
      if let token, !token.token.capabilities.publish {
        return
          "its token has had no PUBLISH since its TOKEN_EXCHANGED at \(Self.clock(token.since))"
      }
      return nil
    }

    /// Takes the next event; the gap before it, if it cannot follow what came before.
    mutating func take(_ event: RecordedEvent) -> HistoryGap? {
      let time = event.time
      let name = event.name
      var gap: HistoryGap?
      func missing(_ state: State, no other: String) {
        guard gap == nil else { return }
        gap = HistoryGap(
          participant: event.participantId, after: state.since, before: time,
          evidence: "its \(name) at \(Self.clock(time)) follows its \(state.name) at"
            + " \(Self.clock(state.since)) with no \(other) between")
      }
      switch event.kind {
      case .joined?, .left?:
        let on = event.kind == .joined
        if let connected, connected.on == on { missing(connected, no: on ? "LEFT" : "JOINED") }
        // A publisher leaving unpublishes first (`PUBLISH_STOPPED`, then `LEFT`).
        if !on, let publishing, publishing.on { missing(publishing, no: "PUBLISH_STOPPED") }
        connected = (on, time, name)
        publishing = (false, time, name)
        subscriptions = [:]
        subscriptionsKnown = true
        published = nil
        subscribed = nil
        return gap
      case nil: return nil
      default: break
      }
      // Anything else happens on the stage.
      if let connected, !connected.on {
        missing(connected, no: "JOINED")
        self.connected = (true, time, name)
      }
      switch event.kind {
      case .publishStarted?, .publishStopped?:
        let on = event.kind == .publishStarted
        if let publishing, publishing.on == on {
          missing(publishing, no: on ? "PUBLISH_STOPPED" : "PUBLISH_STARTED")
        }
        publishing = (on, time, name)
        if on { published = (true, time, name) }
      case .subscribeStarted?, .subscribeStopped?:
        guard let remote = event.remoteParticipantId else { break }
        let on = event.kind == .subscribeStarted
        let known =
          subscriptions[remote]
          ?? (subscriptionsKnown ? connected.map { (false, $0.since, $0.name) } : nil)
        if let known, known.on == on {
          missing(known, no: "\(on ? "SUBSCRIBE_STOPPED" : "SUBSCRIBE_STARTED") of \(remote)")
        }
        subscriptions[remote] = (on, time, name)
        if on { subscribed = (true, time, name) }
      case .tokenExchanged?:
        if let previous = event.previousToken, let known = token,
          StepBuilder.contradiction(previous, known.token) != nil
        {
          missing(
            (true, known.since, "TOKEN_EXCHANGED"),
            no: "exchange to the previousToken it names")
        }
        // A token without the capability cannot have been the one it published or
        // subscribed with: an exchange between them is missing.
        if let previous = event.previousToken?.capabilities {
          if !previous.publish, let published {
            missing(published, no: "exchange to the previousToken it names (without PUBLISH)")
          }
          if !previous.subscribe, let subscribed {
            missing(subscribed, no: "exchange to the previousToken it names (without SUBSCRIBE)")
          }
        }
        published = nil
        subscribed = nil
        if let new = event.newToken { token = (new, time) }
      case .publishError?:
        // INSUFFICIENT_CAPABILITIES needs a token without PUBLISH: the one its last exchange
        // names or it published with since had it, so an exchange between is missing
        // (finding 49010009).
        guard event.errorCode == "INSUFFICIENT_CAPABILITIES" else { break }
        let exchanged = token.flatMap {
          $0.token.capabilities.publish ? State(true, $0.since, "TOKEN_EXCHANGED") : nil
        }
        if let allowed = published ?? exchanged {
          missing(allowed, no: "exchange to a token without PUBLISH")
        }
      default: break
      }
      return gap
    }

    private static func clock(_ time: Int64) -> String { RecordTime.iso8601(milliseconds: time) }
  }
}
