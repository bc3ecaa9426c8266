import StageEngine

/// Subscriptions that start later than anything recorded would start them (finding 238715):
/// an observer subscribes when a publisher starts publishing, when it joins, or when the app
/// starts a subscription it stopped; one that starts seconds after all of these can be the
/// end of its SDK's reconnection after a network drop whose stops and other starts are on a
/// page left out between two consistent ones (a subscription started at the publish and
/// stopped by the drop leave its records consistent), and the reconnection told the observer
/// the current values of every publisher. Nothing else in the records shows such a page,
/// so a stale span the late start reaches into is told as unknown, as a visible drop is.
extension Explanation {
  /// One subscription started late.
  struct LateStart {
    /// The subscriber.
    let observer: String
    /// The publisher it subscribed to.
    let remote: String
    /// The last recorded moment that would start it (milliseconds): the publisher's
    /// PUBLISH_STARTED, the subscriber's JOINED or its stop of this subscription.
    let cause: Int64
    /// That moment's event, in words.
    let causeName: String
    /// When it started (milliseconds).
    let time: Int64

    /// Whether a reconnection between `cause` and `time` could have ended `stale` early.
    func reaches(into stale: Sighting.Staleness) -> Bool {
      stale.since <= time.floorDivided(by: 1000) && stale.until > cause.floorDivided(by: 1000)
    }
  }

  /// How long after its cause a subscription can start and still be its answer
  /// (milliseconds): a reconnection's or a publish's burst takes up to a second
  /// (`StepBuilder.reconnectBurst`), and EventBridge times a publish to the whole second.
  static let lateStartSlack = UInt64(2 * StepBuilder.reconnectBurst)

  /// Each subscriber's late starts, oldest first: none when `stagemon fetch`'s manifest
  /// vouches that every page was fetched. A subscription to a publisher with no recorded
  /// PUBLISH_STARTED before it is not judged (its lateness is not known), nor one that ends
  /// a `HistoryGap` of its subscriber (the gap tells the events missing there).
  static func lateStarts(_ session: ImportedSession) -> [String: [LateStart]] {
    guard session.manifest?.complete != true else { return [:] }
    var gaps: [String: [HistoryGap]] = [:]
    for gap in session.historyGaps { gaps[gap.participant, default: []].append(gap) }
    var published: [String: Int64] = [:]
    var joined: [String: Int64] = [:]
    var stopped: [String: [String: Int64]] = [:]
    var late: [String: [LateStart]] = [:]
    for event in session.recorded {
      let id = event.participantId
      switch event.kind {
      case .publishStarted?: published[id] = event.time
      case .joined?: joined[id] = event.time
      case .subscribeStopped?:
        if let remote = event.remoteParticipantId { stopped[id, default: [:]][remote] = event.time }
      case .subscribeStarted?:
        guard let remote = event.remoteParticipantId, let publish = published[remote] else {
          continue
        }
        let causes = [
          (publish, "\(session.name(remote))'s PUBLISH_STARTED"),
          (joined[id] ?? .min, "its JOINED"),
          (stopped[id]?[remote] ?? .min, "its SUBSCRIBE_STOPPED"),
        ]
        guard let cause = causes.max(by: { $0.0 < $1.0 }), cause.0 <= event.time,
          VirtualDuration.distance(from: cause.0, to: event.time) > lateStartSlack,
          !(gaps[id] ?? []).contains(where: { $0.after <= event.time && event.time <= $0.before })
        else { continue }
        late[id, default: []].append(
          LateStart(
            observer: id, remote: remote, cause: cause.0, causeName: cause.1, time: event.time))
      default: break
      }
    }
    return late
  }

  static let lateStartPrefix = "whether the late start of "

  static func lateStartReason(_ start: LateStart, _ session: ImportedSession) -> String {
    let seconds = VirtualDuration.distance(from: start.cause, to: start.time) / 1000
    return "\(lateStartPrefix)\(session.name(start.observer))'s subscription to"
      + " \(session.name(start.remote)) at \(RecordTime.iso8601(milliseconds: start.time)),"
      + " \(seconds) s after \(start.causeName) that would start it, ended its SDK reconnecting"
      + " after a network drop (then it was told the current values as it reconnected) whose"
      + " other events are on a page left out: such a page leaves no other trace; its"
      + " list-participant-events pages fetched again (or stagemon fetch, whose manifest vouches"
      + " for every page) settle it"
  }
}
