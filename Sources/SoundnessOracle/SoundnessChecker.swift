import IVSRecords
import StageEngine

/// Checks every claim of an explanation against the truth of the session it explains: who
/// saw which values when, stale spans and their totals, late joiners, each observer's stale
/// time, labels, "saw it at" milliseconds, divergences, the composition (one file per kind of
/// claim beside this one). A claim is sound when it is true of the truth (within `slack`
/// seconds: records are whole seconds and the model steps by seconds), or when it is stated
/// as a range whose one end is true, or as unknown with the stale time it still allows
/// holding the truth, or when the report names it as unknown (a summary line naming its
/// exchange's time).
public enum SoundnessChecker {
  /// How far a claimed time or duration may be from the truth, in seconds.
  public static let slack: Int64 = 2

  /// The claims of `explanation` the truth of `session` contradicts. `complete`: the folder
  /// explained is the session's whole folder, changed at most in order and encoding, so the
  /// records and the model may part nowhere (no divergence is real).
  public static func violations(
    _ explanation: Explanation, _ session: GeneratedSession, complete: Bool = false
  ) -> [Violation] {
    var found: [Violation] = []
    let truth = session.truth
    let caveats = Self.caveats(explanation)
    var explained: Set<Int> = []
    let known = Set(explanation.session.sdks.map(\.id))
    for story in explanation.exchanges where story.changesMetadata {
      let matching = truth.exchanges.firstIndex {
        $0.participant == story.participant && abs($0.time - story.time) <= slack
          && $0.metadata == story.truth && !explained.contains($0.seq)
      }
      guard let index = matching else {
        found.append(
          Violation(
            kind: .exchangeInvented, subject: "\(story.participant) \(story.time)",
            claim:
              "\(story.participant) exchanged to \(describe(story.truth)) at \(clock(story.time))",
            truth: "no such exchange"))
        continue
      }
      let exchange = truth.exchanges[index]
      explained.insert(exchange.seq)
      let window = truth.window(of: exchange)
      let named = caveats.contains { $0.contains(VirtualTime.iso8601(story.time)) }
      var observers: Set<String> = []
      for sighting in story.sightings {
        guard
          let observer = observer(
            named: sighting.observer, isComposition: sighting.isComposition, session)
        else {
          found.append(inventedComposition(sighting, story))
          continue
        }
        observers.insert(observer)
        let claims = check(sighting, observer, story, exchange, window, session, excused: named)
        found += sighting.isComposition ? claims.map(aboutComposition) : claims
      }
      guard !named else { continue }
      found += missedComposition(story, exchange, observers, explanation, session)
      // Observers the records show (an observer with no record at all is one explain
      // cannot know of; one whose own events the report says are missing, one it cannot
      // place on the stage).
      for span in truth.spans
      where span.participant == story.participant && !observers.contains(span.observer)
        && !span.isComposition && known.contains(span.observer)
        && !caveats.contains(where: { $0.contains(span.observer) && $0.contains("'s own events") })
      {
        let seconds = truth.staleSeconds(span.observer, span.participant, in: window)
        guard seconds > slack else { continue }
        found.append(
          Violation(
            kind: .staleMissed, subject: "\(span.observer) \(story.participant) \(story.time)",
            claim:
              "the exchange of \(story.participant) at \(clock(story.time)) names no sighting by \(span.observer)",
            truth: "\(span.observer) showed stale values of \(story.participant) for \(seconds) s",
            basis: .sighting(
              observer: span.observer, exchanger: story.participant, window: window)))
      }
    }
    found += missingExchanges(explanation, truth, explained: explained, caveats: Array(caveats))
    found += totals(explanation, truth, caveats: Array(caveats), explained: explained)
    found += customerAnswer(explanation, session)
    found += certainty(explanation, session)
    found += observerStaleTimes(explanation, session, explained: explained)
    found += labels(explanation, session)
    found += divergences(explanation, session, complete: complete)
    return found
  }

  /// The claims of one sighting by `observer` (the truth's ID of the sighting's observer).
  private static func check(
    _ sighting: ExchangeStory.Sighting, _ observer: String, _ story: ExchangeStory,
    _ exchange: SessionTruth.Exchange, _ window: Range<Int64>, _ session: GeneratedSession,
    excused: Bool
  ) -> [Violation] {
    guard !excused else { return [] }
    let truth = session.truth
    let participant = story.participant
    let actual = truth.staleSeconds(observer, participant, in: window)
    let who = "\(observer) about \(participant)'s exchange at \(clock(story.time))"
    let subject = "\(observer) \(participant) \(story.time)"
    var found: [Violation] = []
    // A verdict stated as unknown is sound when the stale time it still allows holds the
    // truth; what it says the records show (saw at, joined after) is no claim.
    if sighting.unsettledBy != nil, let bounds = sighting.staleBounds {
      let least = Int64(clamping: bounds.atLeast)
      let most = bounds.atMost.map { Int64(clamping: $0) }
      if actual < least - slack || most.map({ actual > $0 + slack }) ?? false {
        found.append(
          Violation(
            kind: .rangeFalse, subject: subject,
            claim: "\(who): unknown, stale \(least) s to \(most.map { "\($0) s" } ?? "no end")",
            truth: "stale \(actual) s"))
      }
      return found
    }
    if sighting.dependsOn != nil {
      let claimed = Int64(clamping: sighting.stale?.seconds ?? 0)
      let lower = sighting.stale.map(atLeast) ?? false
      if abs(actual - claimed) > slack, actual > slack, !(lower && actual > claimed) {
        found.append(
          Violation(
            kind: .rangeFalse, subject: subject,
            claim: "\(who): stale \(claimed) s if its SDK is old, else at once",
            truth: "stale \(actual) s"))
      }
      return found
    }
    if let stale = sighting.stale {
      let claimed = Int64(clamping: stale.seconds)
      let inside = truth.staleSeconds(
        observer, participant, in: stale.since..<max(stale.since, stale.until))
      if inside < claimed - slack {
        found.append(
          Violation(
            kind: .staleWhenCurrent, subject: subject,
            claim: "\(who): stale \(claimed) s from \(clock(stale.since)) to \(clock(stale.until))",
            truth: "stale \(inside) s of that span (\(actual) s in all)"))
      } else if abs(actual - claimed) > slack, !(atLeast(stale) && actual > claimed) {
        found.append(
          Violation(
            kind: .staleLength, subject: subject,
            claim: "\(who): stale \(claimed) s from \(clock(stale.since)) to \(clock(stale.until))",
            truth:
              "stale \(actual) s from \(clock(window.lowerBound)) to \(clock(window.upperBound))"))
      }
    } else if actual > slack {
      found.append(
        Violation(
          kind: .staleMissed, subject: subject,
          claim:
            "\(who): \(sighting.verdict.rawValue)\(sighting.time.map { " at \(clock($0))" } ?? ""), never stale",
          truth: "stale \(actual) s"))
    }
    if sighting.verdict == .atOnce || sighting.verdict == .later, let time = sighting.time,
      !truth.showed(observer, participant, exchange.metadata, in: time - slack...time + slack),
      time + slack < window.upperBound
    {
      found.append(
        Violation(
          kind: .sawWrongly, subject: subject,
          claim: "\(who): saw \(describe(exchange.metadata)) at \(clock(time))",
          truth:
            "showed \(truth.shown(observer, participant, at: time + slack).map(describe) ?? "nothing")"
        ))
    } else if let told = toldAt(sighting, observer, story, exchange, session) {
      found.append(told)
    }
    // Connected through the exchange: one that left just before it and joined again
    // within the slack did join after it (finding 15923).
    if sighting.cause == .joinedAfterExchange,
      truth.isConnected(observer, throughout: story.time - slack...story.time + slack)
    {
      found.append(
        Violation(
          kind: .lateJoiner, subject: subject, claim: "\(who): joined after the exchange",
          truth: "\(observer) was connected at the exchange",
          basis: .stay(observer: observer, at: story.time)))
    }
    return found
  }

  /// The summary's lines before its count of recorded events: what it names as unknown or
  /// incomplete.
  static func caveats(_ explanation: Explanation) -> ArraySlice<String> {
    explanation.summary.prefix { !$0.contains(" recorded events: ") }
  }

  /// Whether `stale` is a lower bound: a span still open when the records end says the
  /// observer still showed the old values then, not that it stopped (the session may have
  /// gone on: without get-stage-session the records' last event is all explain knows).
  static func atLeast(_ stale: ExchangeStory.Sighting.Staleness) -> Bool {
    stale.end == .sessionEnded
  }

  static func clock(_ time: Int64) -> String { VirtualTime.iso8601(time) }

  static func describe(_ metadata: ParticipantMetadata) -> String {
    let attributes = metadata.attributes.keys.sorted().map {
      "\($0)=\(metadata.attributes[$0] ?? "")"
    }
    return ((metadata.userId.map { ["user_id=\($0)"] } ?? []) + attributes).joined(separator: " ")
  }
}
