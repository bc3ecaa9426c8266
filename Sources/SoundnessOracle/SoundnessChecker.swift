import IVSRecords
import StageEngine

/// Checks every claim of an explanation against the truth of the session it explains: who
/// saw which values when, stale spans and their totals, late joiners. A claim is sound when
/// it is true of the truth (within `slack` seconds: records are whole seconds and the model
/// steps by seconds), or when it is stated as a range whose one end is true, or as unknown
/// with the stale time it still allows holding the truth, or when the report names it as
/// unknown (a summary line naming its exchange's time).
public enum SoundnessChecker {
  /// How far a claimed time or duration may be from the truth, in seconds.
  public static let slack: Int64 = 2

  /// The claims of `explanation` the truth of `session` contradicts.
  public static func violations(_ explanation: Explanation, _ session: GeneratedSession)
    -> [Violation]
  {
    var found: [Violation] = []
    let truth = session.truth
    let caveats = explanation.summary.prefix { !$0.contains(" recorded events: ") }
    let compositions = Set(session.composition.map { [$0.id] } ?? [])
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
        observers.insert(sighting.observer)
        if sighting.isComposition && !compositions.contains(sighting.observer) { continue }
        found += check(sighting, story, exchange, window, truth, excused: named)
      }
      guard !named else { continue }
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
            truth: "\(span.observer) showed stale values of \(story.participant) for \(seconds) s"))
      }
    }
    found += missingExchanges(explanation, truth, explained: explained, caveats: Array(caveats))
    found += totals(explanation, truth, caveats: Array(caveats), explained: explained)
    found += customerAnswer(explanation, session)
    return found
  }

  /// The releases that brought the metadata event, by the platform word "For the customer"
  /// uses.
  static let thresholds: [(word: String, platform: SDKProfile.Platform, release: String)] = [
    ("Web SDK below ", .web, "1.33.0"), ("iOS SDK below ", .ios, "1.37.0"),
    ("Android SDK below ", .android, "1.37.0"),
  ]

  /// Each cause's observers: on the platform it names, below the release it names, and
  /// stale at some time in the truth.
  private static func customerAnswer(_ explanation: Explanation, _ session: GeneratedSession)
    -> [Violation]
  {
    var found: [Violation] = []
    for cause in explanation.forCustomer.causes {
      guard let group = thresholds.first(where: { cause.text.contains($0.word + $0.release) }),
        let open = cause.text.firstIndex(of: "("),
        let close = cause.text[open...].firstIndex(of: ")")
      else { continue }
      let names = cause.text[cause.text.index(after: open)..<close].components(separatedBy: "; ")
      for name in names {
        guard let participant = session.participants.first(where: { name.hasPrefix($0.id) })
        else { continue }
        let release = SemanticVersion(parsing: group.release)
        let onIt =
          participant.sdk.platform == group.platform
          && release.map { participant.sdk.version < $0 } ?? false
        let stale = session.truth.spans.contains { $0.observer == participant.id }
        guard !onIt || !stale else { continue }
        found.append(
          Violation(
            kind: .customerAnswer, subject: participant.id,
            claim: "For the customer: \(participant.id) is among "
              + "\(group.word)\(group.release) who kept showing old values",
            truth: "\(participant.id) ran \(participant.sdk)"
              + (stale ? "" : " and never showed stale values")))
      }
    }
    return found
  }

  private static func check(
    _ sighting: ExchangeStory.Sighting, _ story: ExchangeStory, _ exchange: SessionTruth.Exchange,
    _ window: Range<Int64>, _ truth: SessionTruth, excused: Bool
  ) -> [Violation] {
    guard !excused else { return [] }
    let observer = sighting.observer
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
    }
    // Connected through the exchange: one that left just before it and joined again
    // within the slack did join after it (finding 15923).
    if sighting.cause == .joinedAfterExchange,
      truth.isConnected(observer, throughout: story.time - slack...story.time + slack)
    {
      found.append(
        Violation(
          kind: .lateJoiner, subject: subject, claim: "\(who): joined after the exchange",
          truth: "\(observer) was connected at the exchange"))
    }
    return found
  }

  /// Whether `stale` is a lower bound: a span still open when the records end says the
  /// observer still showed the old values then, not that it stopped (the session may have
  /// gone on: without get-stage-session the records' last event is all explain knows).
  static func atLeast(_ stale: ExchangeStory.Sighting.Staleness) -> Bool {
    stale.end == .sessionEnded
  }

  /// Exchanges that left observers stale but are not in the report, with no summary line
  /// naming their participant.
  private static func missingExchanges(
    _ explanation: Explanation, _ truth: SessionTruth, explained: Set<Int>, caveats: [String]
  ) -> [Violation] {
    let known = Set(explanation.session.sdks.map(\.id))
    let times = explanation.session.recorded.map(\.second)
    guard let first = times.min(), let last = times.max() else { return [] }
    return truth.exchanges.compactMap { exchange in
      // Only where the records show the participant and reach past the exchange: of a
      // participant or a time the folder says nothing about, explain claims nothing.
      guard !explained.contains(exchange.seq), known.contains(exchange.participant),
        exchange.time > first, exchange.time < last
      else { return nil }
      let window = truth.window(of: exchange)
      let stale = truth.spans.filter { $0.participant == exchange.participant && !$0.isComposition }
        .reduce(Int64(0)) { $0 + truth.staleSeconds($1.observer, $1.participant, in: window) }
      guard stale > slack,
        !caveats.contains(where: {
          $0.contains(exchange.participant)
            || $0.contains(explanation.session.name(exchange.participant))
        })
      else { return nil }
      return Violation(
        kind: .exchangeMissing, subject: "\(exchange.participant) \(exchange.time)",
        claim: "no exchange of \(exchange.participant) at \(clock(exchange.time)) in the report",
        truth:
          "it exchanged to \(describe(exchange.metadata)) and observers showed stale values for \(stale) s"
      )
    }
  }

  /// The summary's `N stale observer-minutes` against the truth, when the report names
  /// nothing unknown.
  private static func totals(
    _ explanation: Explanation, _ truth: SessionTruth, caveats: [String], explained: Set<Int>
  ) -> [Violation] {
    guard caveats.isEmpty else { return [] }
    // The truth over the exchanges the report tells (one left out is `exchangeMissing`), of
    // the observers the records show: as for `staleMissed`, a participant with no record at
    // all (not even get-participant or another's subscription to it) is one no report can
    // count (finding 12218).
    let known = Set(explanation.session.sdks.map(\.id))
    var seconds: Int64 = 0
    var counted = 0
    for exchange in truth.exchanges where explained.contains(exchange.seq) {
      let window = truth.window(of: exchange)
      for span in truth.spans
      where span.participant == exchange.participant
        && (span.isComposition
          ? explanation.session.runsComposition : known.contains(span.observer))
      {
        let overlap = min(span.until, window.upperBound) - max(span.from, window.lowerBound)
        guard overlap > 0 else { continue }
        seconds += overlap
        counted += 1
      }
    }
    let line = explanation.summary.first { $0.hasPrefix("stale views in all:") }
    let claimed = line.flatMap(minutes) ?? 0
    let allowed = Double(slack * Int64(max(1, counted))) / 60 + 0.1
    // Spans still open at the end of the records make the total a lower bound.
    let lower = explanation.exchanges.contains {
      $0.sightings.contains { $0.stale.map(atLeast) ?? false }
    }
    let truthMinutes = Double(seconds) / 60
    guard abs(claimed - truthMinutes) > allowed, !(lower && claimed < truthMinutes) else {
      return []
    }
    return [
      Violation(
        kind: .totals, subject: "totals", claim: line ?? "no stale views in the summary",
        truth: "\(seconds) stale observer-seconds over \(counted) span(s)")
    ]
  }

  /// The `X` of `…, X stale observer-minutes`.
  private static func minutes(_ line: String) -> Double? {
    guard let range = line.range(of: " stale observer-minutes") else { return nil }
    let before = line[..<range.lowerBound]
    return before.split(separator: " ").last.flatMap { Double($0) }
  }

  static func clock(_ time: Int64) -> String { VirtualTime.iso8601(time) }

  static func describe(_ metadata: ParticipantMetadata) -> String {
    let attributes = metadata.attributes.keys.sorted().map {
      "\($0)=\(metadata.attributes[$0] ?? "")"
    }
    return ((metadata.userId.map { ["user_id=\($0)"] } ?? []) + attributes).joined(separator: " ")
  }
}
