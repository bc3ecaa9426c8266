import StageEngine

/// Verdicts that hang on an SDK version nobody stated, told as ranges: the model ran the
/// observer below the release with the metadata event, so its stale span is what it saw
/// if below; at or above that release it would have been updated at once.
extension Explanation {
  /// `stories` with each such sighting marked (its text then a range) and its profile as
  /// stated, changed in place: stories given up by the caller are not copied.
  static func ranged(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    let unstated = Dictionary(
      session.sdks.filter { $0.threshold != nil }.map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a })
    guard !unstated.isEmpty else { return stories }
    for story in stories.indices {
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        guard !sighting.isComposition, let sdk = unstated[sighting.observer] else { continue }
        stories[story].sightings[index].profile = sdk.shown
        // Its text then reads as a range: a stale span, or a "saw it later" of an observer
        // that was on the stage while the participant published (from the release it would
        // have been told at once; finding 38-toldAt). A participant not publishing holds its
        // values from every SDK until it publishes (visibility.not-publishing.held).
        let later: Bool
        switch sighting.cause {
        case .observerRejoined?:
          // On the stage at the exchange while the participant published, and gone before a
          // stale second passed (it left in the exchange's second): from the release it was
          // told at once (finding 3001285).
          later = sighting.verdict == .later && sighting.participantWasPublishing
        case .joinedAfterExchange?, .policyChanged?, .startedPublishing?, nil:
          later = false
        default: later = sighting.verdict == .later
        }
        guard sighting.stale != nil || later, sdk.threshold != nil else { continue }
        stories[story].sightings[index].dependsOn = sdk
      }
    }
    return stories
  }

  /// The summary's first sentences: contradictions, then how many verdicts depend on
  /// versions nobody stated and the flag that settles each.
  static func unknownsFirst(_ stories: [ExchangeStory], _ session: ImportedSession) -> [String] {
    var lines = session.findings + session.incompleteness
    for page in session.unansweredPages {
      let before = page.before.floorDivided(by: 1000)
      // Whether the participant was on the stage before the page is unknown: every exchange
      // before it may have had it as an observer (or exchanged it).
      let touched = stories.filter { $0.time <= before }
      lines.append(
        "the missing page of \(session.name(page.participant)) can change the verdicts of"
          + " \(touched.count) exchange(s) before \(RecordTime.iso8601(milliseconds: page.before))"
          + (touched.isEmpty
            ? "" : " (\(touched.map { VirtualTime.iso8601($0.time) }.joined(separator: ", ")))")
          + ", and exchanges it held are not in this report")
    }
    lines +=
      gapLines(stories, session) + unsettledLines(stories, session)
      + unsubscribedLines(stories, session)
    var counts: [String: Int] = [:]
    var order: [ParticipantSDK] = []
    for story in stories {
      for sighting in story.sightings {
        guard let sdk = sighting.dependsOn else { continue }
        if counts[sdk.id] == nil { order.append(sdk) }
        counts[sdk.id, default: 0] += 1
      }
    }
    guard !order.isEmpty else { return lines }
    let total = counts.values.reduce(0, +)
    let settles = order.map { sdk in
      "`\(sdk.flag)` settles \(counts[sdk.id] ?? 0) (\(session.name(sdk.id)))"
    }
    lines.append(
      "\(total) verdict(s) depend on SDK versions nobody stated (told below as ranges): "
        + settles.joined(separator: "; "))
    return lines
  }

  /// One sentence per observer and exchange whose verdict is a range.
  static func rangeLines(_ stories: [ExchangeStory], _ labels: ParticipantLabels) -> [String] {
    stories.flatMap { story in
      story.sightings.compactMap { sighting -> String? in
        guard let sdk = sighting.dependsOn, let stale = sighting.stale,
          let threshold = sdk.threshold
        else { return nil }
        let from = ExchangeStory.clock(stale.since, day: story.time)
        let until = ExchangeStory.clock(stale.until, day: story.time)
        let (shown, truth) = ExchangeStory.difference(stale.believed, story.truth)
        return "viewer \(labels.name(sighting.observer, before: story.time)) on \(sdk.shown) showed"
          + " \(shown) for \(labels.name(story.participant, before: story.time)) instead of \(truth) from \(from) to \(until) "
          + "if its SDK is below \(threshold), else it was updated at once"
          + (sighting.unsettledBy == nil ? "" : "; how long if below is unknown (above)")
      }
    }
  }
}
