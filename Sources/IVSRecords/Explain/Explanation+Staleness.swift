import StageEngine

/// The summary's sentences about stale observers: who still shows old values at the end of
/// the session, and who showed them for how long before seeing the new ones (or never did).
/// Observers with the same story are named together, so a session with a thousand stale
/// viewers still gets a short summary.
extension Explanation {
  /// At most this many stale sentences; the rest are counted.
  static let staleSentenceLimit = 8

  /// One sentence per group of observers that showed the same stale values the same way,
  /// those still stale at the end first, then in time order.
  static func staleLines(_ exchanges: [ExchangeStory]) -> [String] {
    var groups: [(key: String, sentence: (Bool) -> String, still: Bool, who: [Sighting])] = []
    var index: [String: Int] = [:]
    for story in exchanges {
      for sighting in story.sightings {
        // A span a later exchange carries on is told with that exchange.
        // Every exchange's own span, measured against its own values (a superseded one too).
        guard let stale = sighting.stale, sighting.dependsOn == nil, sighting.unsettledBy == nil
        else { continue }
        let sentence = { (plural: Bool) in Self.sentence(sighting, stale, story, plural: plural) }
        let key = "\(sighting.isComposition) \(sentence(false))"
        if let group = index[key] {
          groups[group].who.append(sighting)
        } else {
          index[key] = groups.count
          groups.append((key, sentence, stale.end == .sessionEnded, [sighting]))
        }
      }
    }
    // The worst first: spans still shown at the end, then the longest.
    let longest = { (who: [Sighting]) in who.map { $0.stale?.seconds ?? 0 }.max() ?? 0 }
    let ordered = (groups.filter(\.still) + groups.filter { !$0.still }).enumerated().sorted {
      a, b in
      if a.element.still != b.element.still { return a.element.still }
      let (x, y) = (longest(a.element.who), longest(b.element.who))
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
    var lines = totals(exchanges)
    lines += ordered.prefix(staleSentenceLimit).map { group in
      "\(subject(group.who)) \(group.sentence(group.who.count > 1))"
    }
    if ordered.count > staleSentenceLimit {
      lines.append(
        "\(ordered.count - staleSentenceLimit) more stale span(s): see the token exchanges below")
    }
    return lines
  }

  typealias Sighting = ExchangeStory.Sighting

  /// At most this many exchanges in the totals' breakdown; the rest are counted.
  static let totalsExchangeLimit = 5

  /// `stale views: 2 observers affected, 5.6 stale observer-minutes; by exchange: …`, or
  /// nothing when no observer showed stale values.
  static func totals(_ exchanges: [ExchangeStory]) -> [String] {
    var observers: Set<String> = []
    var seconds: UInt64 = 0
    var parts: [(seconds: UInt64, text: String)] = []
    var conditional = 0
    var unknown = 0
    for story in exchanges {
      // A span that hangs on an unstated SDK version is told as a range, one the records
      // cannot settle as unknown: neither is counted here. An unknown verdict the records
      // allow staleness for is one, whatever the model's reading (a viewer read as joining
      // after the exchange may have been there, stale: issue 29 item 2).
      conditional += story.sightings.filter { $0.stale != nil && $0.dependsOn != nil }.count
      unknown +=
        story.sightings.filter {
          $0.dependsOn == nil && $0.unsettledBy != nil
            && ($0.stale != nil || $0.staleBounds?.atMost != 0)
        }.count
      let stale = story.sightings.filter {
        $0.stale != nil && $0.dependsOn == nil && $0.unsettledBy == nil
      }
      guard !stale.isEmpty else { continue }
      let total = stale.reduce(UInt64(0)) { $0 &+ ($1.stale?.seconds ?? 0) }
      observers.formUnion(stale.map(\.observer))
      seconds = seconds &+ total
      parts.append(
        (
          total,
          "\(ExchangeStory.clock(story.time, day: exchanges[0].time)) \(story.participant): "
            + "\(stale.count) observer(s), \(minutes(total)) min"
        ))
    }
    let ranges =
      (conditional == 0
        ? "" : "; \(conditional) more span(s) only if an unstated SDK version is old (below)")
      + (unknown == 0 ? "" : "; \(unknown) more span(s) unknown (above)")
    guard !observers.isEmpty else {
      return conditional + unknown == 0
        ? [] : ["stale views in all: none certain\(ranges)"]
    }
    let worst = parts.sorted { $0.seconds > $1.seconds }
    var breakdown = worst.prefix(totalsExchangeLimit).map(\.text).joined(separator: "; ")
    if worst.count > totalsExchangeLimit {
      breakdown += "; \(worst.count - totalsExchangeLimit) more exchange(s)"
    }
    return [
      "stale views in all: \(observers.count) observer(s) affected, \(minutes(seconds)) stale "
        + "observer-minutes; by exchange, worst first: \(breakdown)\(ranges)"
    ]
  }

  /// Seconds as minutes with one decimal.
  private static func minutes(_ seconds: UInt64) -> String {
    let tenths = (seconds &* 10 &+ 30) / 60
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `viewer carol on android@1.36.0`, `viewers carol on …, dave on … and 3 more`,
  /// `the composition main`.
  private static func subject(_ who: [Sighting]) -> String {
    let names = who.prefix(3).map {
      $0.isComposition ? $0.observer : "\($0.observer) on \($0.profile)"
    }
    var list =
      names.count > 1
      ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
    if who.count > names.count {
      list = names.joined(separator: ", ") + " and \(who.count - names.count) more"
    }
    let composition = who.first?.isComposition ?? false
    let noun = composition ? "the composition" : "viewer"
    return "\(noun)\(who.count > 1 ? "s" : "") \(list)"
  }

  private static func sentence(
    _ sighting: Sighting, _ stale: Sighting.Staleness, _ story: ExchangeStory, plural: Bool
  ) -> String {
    let participant = story.participant
    let (shown, truth) = ExchangeStory.difference(stale.believed, story.truth)
    // Since the observer began showing old values (an earlier exchange's, when the span
    // went on under this one): how long it lived with them (issue 29 item 5).
    let from = ExchangeStory.clock(stale.from, day: story.time)
    let until = ExchangeStory.clock(stale.until, day: story.time)
    let rule =
      sighting.isComposition
      ? "an on-reconnect composition keeps the attributes a participant started publishing with"
      : "SDKs before iOS/Android 1.37.0 and Web 1.33.0 learn new attributes only when the"
        + " publisher republishes or reconnects"
    guard stale.end != .sessionEnded else {
      return "\(plural ? "still show" : "still shows") \(shown) for \(participant) instead of"
        + " \(truth) (stale since \(from)): \(rule); \(participant) never republished or reconnected"
    }
    let span = VirtualDuration.text(seconds: stale.totalSeconds)
    let ending: String
    switch stale.end {
    case .participantStopped: ending = " until \(participant) stopped publishing at \(until)"
    case .observerLeft: ending = " until disconnecting at \(until)"
    case .compositionStopped: ending = " until stopping at \(until)"
    case .learned, .superseded, .sessionEnded: ending = ""
    }
    let outcome =
      if sighting.verdict == .later || sighting.verdict == .atOnce,
        let at = sighting.toldClock(day: story.time)
      {
        "saw \(truth) at \(at)"
          + (sighting.cause.map { " when \(Sighting.phrase($0, participant, observer: "it"))" }
            ?? "")
      } else if sighting.verdict == .superseded, let time = sighting.time {
        "\(participant) exchanged again at \(ExchangeStory.clock(time, day: story.time))"
          + " before it saw \(truth)"
      } else {
        "never saw \(truth)"
      }
    // Instead of this exchange's values only from this exchange on.
    let showed =
      stale.beganEarlier
      ? "showed \(shown) for \(participant) for \(span) from \(from) (since \(participant)'s earlier"
        + " exchange), instead of \(truth) from \(ExchangeStory.clock(stale.since, day: story.time))"
        + " (\(VirtualDuration.text(seconds: stale.seconds)))"
      : "showed \(shown) for \(participant) instead of \(truth) for \(span) from \(from)"
    return "\(showed)\(ending): \(rule); \(outcome)"
  }
}
