import StageEngine

/// A sighting in words: "STALE from 10:02:00Z for 1m, showing seat=2 instead of seat=1; saw it
/// at 10:03:00Z when guest republished (onParticipantJoined)".
extension ExchangeStory.Sighting {
  /// What a sighting's text needs to know about its exchange.
  struct Context {
    /// Who exchanged.
    let participant: String
    /// The `user_id`/attributes the exchange set.
    let truth: ParticipantMetadata
    /// When it exchanged (times on the same day are written as the time of day).
    let time: Int64
    /// The records end at the fetch of a session still running, not at its end.
    var endsAtFetch = false
  }

  init(
    observer: String, profile: String, isComposition: Bool, verdict: Verdict, time: Int64?,
    event: String?, cause: Cause?, stale: Staleness?, context: Context
  ) {
    self.observer = observer
    self.profile = profile
    self.isComposition = isComposition
    self.verdict = verdict
    self.time = time
    self.event = event
    self.cause = cause
    self.stale = stale
    self.context = context
  }

  /// The whole sighting in words, with times and event names; a verdict that depends on an
  /// SDK version nobody stated reads as a range. Written when read, not kept: a long run's
  /// thousands of sightings would hold their sentences to the end.
  public var text: String {
    guard let missing = unsettledBy else { return settledText }
    let bounds = staleBounds.map { "; \(Self.text($0))" } ?? ""
    return "unknown: \(missing)\(bounds); from the records there are: \(settledText)"
  }

  /// `stale 2m to 9m`, `stale at least 2m`, `stale for no time up to 9m`, `never stale
  /// either way`.
  private static func text(_ bounds: StaleBounds) -> String {
    guard bounds.atMost != 0 else { return "never stale either way" }
    let least = VirtualDuration.text(seconds: bounds.atLeast)
    let from = bounds.atLeast == 0 ? "stale for no time" : "stale \(least)"
    guard let most = bounds.atMost else {
      return bounds.atLeast == 0
        ? "\(from) or as long as the values held" : "stale at least \(least)"
    }
    return "\(from) to \(VirtualDuration.text(seconds: most))"
  }

  /// The text as the records there are tell it.
  private var settledText: String {
    let parts = [stale.map { Self.text($0, context) } ?? ""] + [verdictText(context)]
    let text = parts.filter { !$0.isEmpty }.joined(separator: "; ")
    guard let sdk = dependsOn, let threshold = sdk.threshold else { return text }
    let day = context.time
    guard let stale else {
      return "\(text) if below \(threshold), else updated at once at "
        + "\(ExchangeStory.clock(day, day: day)) (the version is not stated: \(sdk.flag) "
        + "settles it)"
    }
    let from = ExchangeStory.clock(stale.since, day: day)
    let until = ExchangeStory.clock(stale.until, day: day)
    return "stale \(from)–\(until) if below \(threshold), else updated at once at "
      + "\(ExchangeStory.clock(day, day: day)) (the version is not stated: \(sdk.flag) "
      + "settles it); below it: \(text)"
  }

  private static func text(_ stale: Staleness, _ context: Context) -> String {
    let (shown, truth) = ExchangeStory.difference(stale.believed, context.truth)
    // Since the observer began showing old values, an earlier exchange's too: the part
    // against this exchange's values is named beside (issue 29 item 5).
    let from = ExchangeStory.clock(stale.from, day: context.time)
    let until = ExchangeStory.clock(stale.until, day: context.time)
    let span = VirtualDuration.text(seconds: stale.totalSeconds)
    let earlier = stale.beganEarlier ? " (since \(context.participant)'s earlier exchange)" : ""
    // Instead of this exchange's values only from this exchange on.
    let instead =
      stale.beganEarlier
      ? " from \(ExchangeStory.clock(stale.since, day: context.time))"
        + " (\(VirtualDuration.text(seconds: stale.seconds)))" : ""
    let showing =
      "STALE from \(from) for \(span)\(earlier), showing \(shown) instead of \(truth)\(instead)"
    switch stale.end {
    case .learned, .superseded: return showing
    case .participantStopped:
      return "\(showing), until \(context.participant) stopped publishing at \(until)"
    case .observerLeft: return "\(showing), until it disconnected at \(until)"
    case .compositionStopped: return "\(showing), until the composition stopped at \(until)"
    case .sessionEnded:
      let end =
        context.endsAtFetch
        ? "the fetch (\(until), the session still running; \(span))"
        : "the end of the session (\(until), \(span))"
      return "STALE from \(from) to \(end)\(earlier): still shows \(shown) instead of \(truth)"
        + " (\(stale.reason))"
    }
  }

  /// When it was told, as text: the recorded server event's milliseconds when the records
  /// hold them (`toldAt`), else the model's second; the time of day alone when on the day
  /// of `day`.
  func toldClock(day: Int64?) -> String? {
    if let toldAt {
      let text = RecordTime.iso8601(milliseconds: toldAt)
      guard let day, text.prefix(10) == VirtualTime.iso8601(day).prefix(10) else { return text }
      return String(text.dropFirst(11))
    }
    guard let time else { return nil }
    return day.map { ExchangeStory.clock(time, day: $0) } ?? VirtualTime.iso8601(time)
  }

  private func verdictText(_ context: Context) -> String {
    let at = toldClock(day: context.time) ?? ""
    let via = event.map { " (\($0))" } ?? ""
    let participant = context.participant
    switch verdict {
    case .atOnce:
      if cause == .alreadyShown {
        return "showed them from \(at): it still showed them from before \(participant)'s"
          + " previous exchange, which it was never told"
      }
      guard isComposition else { return "updated at once at \(at)\(via)" }
      return "updated at once at \(at) (live policy\(event.map { "; \($0)" } ?? ""))"
    case .later:
      let second = toldInWholeSecond ? " (within that second: EventBridge times it no finer)" : ""
      return
        "saw it at \(at)\(second) when \(cause.map { Self.phrase($0, participant, observer: observer) } ?? "")\(via)"
    case .never:
      guard stale?.end != .sessionEnded else { return "" }
      if stale?.end == .compositionStopped { return "never saw it" }
      let present = isComposition ? "the composition ran" : "\(observer) was on the stage"
      let again = participantWasPublishing ? " again" : ""
      return "never saw it: \(participant) did not publish\(again) while \(present)"
    case .superseded:
      return "superseded at \(at) by \(participant)'s next exchange before \(observer) was told"
    case .stoppedPublishing: return "saw \(participant) stop publishing at once\(via)"
    case .startedPublishing: return "saw \(participant) start publishing at \(at)\(via)"
    }
  }

  /// Why an observer was told when it was, in words: `guest republished`.
  static func phrase(_ cause: Cause, _ participant: String, observer: String) -> String {
    switch cause {
    case .startedPublishing: return "\(participant) started publishing"
    case .republished: return "\(participant) republished"
    case .reconnected: return "\(participant) left and joined again"
    case .networkDrop: return "\(participant)'s SDK reconnected after a network drop"
    case .observerRejoined: return "\(observer) joined again"
    case .joinedAfterExchange: return "\(observer) joined after the exchange"
    case .policyChanged: return "its update policy changed to live"
    case .shownAgain: return "\(participant) was shown again"
    case .alreadyShown: return "it still showed them"
    }
  }
}
