import StageEngine

/// Verdicts a gap in a participant's own events leaves unknown (`HistoryGap`: a page left
/// out between two others, shown by events that cannot follow each other): every verdict
/// whose stretch, from its exchange to when the observer was told, reaches into the gap of
/// its observer (whether it was on the stage, left or joined again then is unknown) or of
/// the participant that exchanged (a later exchange, unpublish or leave among the missing
/// events may have ended the span, and such exchanges are not in the report).
extension Explanation {
  /// `stories` with each such verdict marked unknown, changed in place.
  static func gapped(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    guard !session.historyGaps.isEmpty else { return stories }
    var gaps: [String: [HistoryGap]] = [:]
    for gap in session.historyGaps { gaps[gap.participant, default: []].append(gap) }
    let heldFor = valuesHeld(stories)
    for story in stories.indices {
      let time = stories[story].time
      let participant = stories[story].participant
      let held = heldFor[story]
      for index in stories[story].sightings.indices {
        let sighting = stories[story].sightings[index]
        var whose = gaps[participant] ?? []
        if !sighting.isComposition { whose += gaps[sighting.observer] ?? [] }
        for gap in whose where reaches(sighting, of: time, into: gap) {
          // What the records before the gap show stands: the span up to it (when the
          // verdict hangs on nothing else).
          let after = gap.after.floorDivided(by: 1000)
          var least: UInt64 = 0
          if sighting.dependsOn == nil, let stale = sighting.stale, stale.since < after {
            least = VirtualDuration.distance(from: stale.since, to: min(stale.until, after))
          }
          stories[story].sightings[index].unsettle(
            reason(gap, session), Sighting.StaleBounds(atLeast: least, atMost: held))
        }
      }
    }
    return stories
  }

  /// `stories` with what each exchange of a participant with a gap changed told from its
  /// record, when its `previousToken` holds other `user_id`/attributes than the model had
  /// before it (an exchange among the missing events set them): one whose record changed
  /// none tells no sightings (finding 8436: "seat 9 → none" at an exchange that changed no
  /// seat). Changed in place.
  static func recordedPrevious(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    let gapped = Set(session.historyGaps.map(\.participant))
    guard !gapped.isEmpty else { return stories }
    var tokens: [String: [Int64: [(previous: RecordedToken, new: RecordedToken)]]] = [:]
    for index in session.recorded.indices
    where session.recorded[index].kind == .tokenExchanged && !session.recorded[index].viaEventBridge
      && gapped.contains(session.recorded[index].participantId)
    {
      let event = session.recorded[index]
      guard let previous = event.previousToken, let new = event.newToken else { continue }
      tokens[event.participantId, default: [:]][event.second, default: []].append((previous, new))
    }
    for story in stories.indices where stories[story].changesMetadata {
      guard
        let record = tokens[stories[story].participant]?[stories[story].time]?.first(where: {
          $0.new.metadata == stories[story].truth
        }), record.previous.metadata != stories[story].previous
      else { continue }
      stories[story].previous = record.previous.metadata
      stories[story].changes = ExchangeStory.changes(.init(record.previous), .init(record.new))
      stories[story].changesMetadata = record.previous.metadata != record.new.metadata
      if !stories[story].changesMetadata { stories[story].sightings = [] }
    }
    return stories
  }

  /// Whether the stretch of `sighting` (of an exchange at `time`), from the exchange to
  /// when its observer was told (or the end), reaches into `gap`.
  private static func reaches(_ sighting: Sighting, of time: Int64, into gap: HistoryGap) -> Bool {
    let reach =
      sighting.verdict == .never
      ? Int64.max : max(sighting.time ?? .max, sighting.stale?.until ?? .min)
    return gap.after.floorDivided(by: 1000) <= reach
      && time <= gap.before.floorDivided(by: 1000) + 1
  }

  /// The summary's sentence for each gap: how many verdicts it leaves unknown.
  static func gapLines(_ stories: [ExchangeStory], _ session: ImportedSession) -> [String] {
    session.historyGaps.map { gap in
      let count = stories.reduce(0) { sum, story in
        let whose = story.participant == gap.participant
        return sum
          + story.sightings.filter {
            (whose || (!$0.isComposition && $0.observer == gap.participant))
              && reaches($0, of: story.time, into: gap)
          }.count
      }
      return "the missing events of \(session.name(gap.participant)) between"
        + " \(RecordTime.iso8601(milliseconds: gap.after)) and"
        + " \(RecordTime.iso8601(milliseconds: gap.before)) leave \(count) verdict(s) unknown,"
        + " and exchanges among them are not in this report"
    }
  }

  private static func reason(_ gap: HistoryGap, _ session: ImportedSession) -> String {
    "\(session.name(gap.participant))'s own events between"
      + " \(RecordTime.iso8601(milliseconds: gap.after)) and"
      + " \(RecordTime.iso8601(milliseconds: gap.before)) are missing (\(gap.evidence)): what it"
      + " did then is not known (fetch its list-participant-events pages again)"
  }
}
