import StageEngine

/// Publishers whose subscribers stop their subscriptions together: every subscriber the
/// records have recording a `SUBSCRIBE_STOPPED` of one publisher in the same second, two or
/// more of them not joining or leaving then nor stopping another publisher's subscription in
/// that second (which is their own connection's doing), is what the publisher unpublishing
/// (or republishing) makes (findings
/// 322040, 13003691). When the publisher's own events have it publishing then with no
/// `PUBLISH_STOPPED` or `LEFT` of its own within a second, the events that would say so are
/// missing, and with them whatever else it did meanwhile (a token exchange).
struct SubscribersStop {
  /// By publisher: the seconds in which two or more subscribers stopped, and how many.
  private var together: [String: [Int64: Int]] = [:]
  /// By participant: the seconds of its own `PUBLISH_STOPPED` or `LEFT`.
  private var ends: [String: Set<Int64>] = [:]

  /// Participants whose publish events (`PUBLISH_STARTED`, `PUBLISH_STOPPED`, their own or
  /// EventBridge's) the records hold: of the others, publishing is the import's inference.
  private(set) var publishRecorded: Set<String> = []

  /// Reads every recorded event once (the participants' own ones, not EventBridge's, but
  /// EventBridge's publishes for `publishRecorded`).
  init(_ recorded: [RecordedEvent]) {
    for event in recorded where event.kind == .publishStarted || event.kind == .publishStopped {
      publishRecorded.insert(event.participantId)
    }
    var moves: [String: Set<Int64>] = [:]
    var stops: [String: [Int64: Set<String>]] = [:]
    // Each subscriber's stops by second: one that stops several publishers at once lost its
    // own connection, not they their publish.
    var stopped: [String: [Int64: Int]] = [:]
    // Each publisher's subscribers as the records have them, how many there were when a
    // second's first stop came and how many of them stopped in it: an unpublish stops them all.
    var subscribed: [String: Set<String>] = [:]
    var before: [String: [Int64: Int]] = [:]
    var stoppedOfThem: [String: [Int64: Int]] = [:]
    for event in recorded where !event.viaEventBridge {
      let second = event.time / 1000
      let id = event.participantId
      switch event.kind {
      case .joined?, .left?:
        moves[id, default: []].insert(second)
        if event.kind == .left { ends[id, default: []].insert(second) }
        for publisher in subscribed.keys { subscribed[publisher]?.remove(id) }
      case .publishStopped?:
        ends[id, default: []].insert(second)
      case .subscribeStarted?:
        guard let remote = event.remoteParticipantId else { break }
        subscribed[remote, default: []].insert(id)
      case .subscribeStopped?:
        guard let remote = event.remoteParticipantId else { break }
        if before[remote]?[second] == nil {
          before[remote, default: [:]][second] = subscribed[remote]?.count ?? 0
        }
        if subscribed[remote]?.remove(id) != nil {
          stoppedOfThem[remote, default: [:]][second, default: 0] += 1
        }
        stops[remote, default: [:]][second, default: []].insert(id)
        stopped[id, default: [:]][second, default: 0] += 1
      default: break
      }
    }
    for (publisher, bySecond) in stops {
      for (second, subscribers) in bySecond {
        // A subscriber leaving or joining again, or stopping every subscription at once,
        // stops them itself.
        let staying = subscribers.filter { subscriber in
          !(second - 1...second + 1).contains { moves[subscriber]?.contains($0) ?? false }
            && stopped[subscriber]?[second] == 1
        }
        let all = (stoppedOfThem[publisher]?[second] ?? 0) >= (before[publisher]?[second] ?? 0)
        if all, staying.count >= 2 { together[publisher, default: [:]][second] = staying.count }
      }
    }
  }

  /// How many subscribers of `publisher` stopped together in the second of `time`
  /// (milliseconds) while its own events tell no unpublish or leave within a second; nil
  /// when they did not.
  func unexplained(_ publisher: String, at time: Int64) -> Int? {
    let second = time / 1000
    guard let count = together[publisher]?[second],
      !(second - 1...second + 1).contains(where: { ends[publisher]?.contains($0) ?? false })
    else { return nil }
    return count
  }
}
