import JSONKit
import StageEngine

/// `stagemon explain`'s answer: a summary in words a customer can read, the recorded
/// timeline beside the model's, and the story of every token exchange.
public struct Explanation: Sendable {
  /// Short sentences for the top of the report.
  public let summary: [String]
  /// The side-by-side timeline.
  public let comparison: RecordComparison
  /// One per accepted exchange in the run.
  public let exchanges: [ExchangeStory]
  /// The import's notes, issues and contradictions.
  public let session: ImportedSession
  /// Every event missing on one side and every record contradicting earlier ones: the
  /// summary counts these and `--json` lists them.
  public let divergences: [Divergence]
  /// The same records explained with other `--sdk` profiles, beside this report.
  public var whatIfs: [WhatIf] = []
  /// Each observer's stale time, back-to-back exchanges joined (longest first).
  public var staleTimes: [ObserverStaleTime] { ObserverStaleTime.all(exchanges, session) }
  /// Each participant as it was at a moment of the session, as the report labels it.
  public var labels: ParticipantLabels { ParticipantLabels(exchanges, session, comparison) }
  /// What to tell the customer: causes, fixes, workarounds, each with its source.
  public var forCustomer: CustomerAnswer { CustomerAnswer.make(exchanges, session, labels) }

  /// Whether the records are reproduced, valid and consistent (exit 0).
  public var isClean: Bool {
    divergences.isEmpty && session.findings.isEmpty
      && session.incompleteness.isEmpty
      && !session.issues.contains(where: \.isInvalid)
      && !exchanges.contains {
        $0.sightings.contains { $0.dependsOn != nil || $0.unsettledBy != nil }
      }
  }

  /// Runs `session`, compares with `toleranceSeconds` and explains.
  public static func make(_ session: ImportedSession, file: String, toleranceSeconds: Int64)
    throws(ScenarioError) -> Explanation
  {
    var follower = ExchangeFollower(
      compositions: session.runnable.composition == nil ? [] : [Stage.firstCompositionID],
      endsAtFetch: session.fetchedWhileRunning != nil)
    let comparison = try RecordComparison.run(
      session, file: file, toleranceSeconds: toleranceSeconds,
      sink: { batch in
        // By index: a loop variable would copy (retain and release) every event.
        for index in batch.indices { follower.offer(batch[index]) }
      })
    let exchanges = timed(
      carried(
        unsubscribed(
          gapped(
            unsettled(
              labelled(
                ranged(
                  recordedPrevious(follower.finish(end: endOfRecords(session)), session), session),
                session),
              session), session), comparison, session), session),
      comparison)
    let divergences = Divergence.all(comparison, session)
    return Explanation(
      summary: summarize(comparison, exchanges, session, divergences), comparison: comparison,
      exchanges: exchanges, session: session, divergences: divergences)
  }

  /// `stories` with each strategy answer the model took from an inference labelled as one:
  /// IVS records no strategy calls, so "→ pending" (the question the import answers) reads
  /// "→ yes (inferred from PUBLISH_STARTED 0.64 s later; not recorded)".
  /// Changed in place: `stories` given up by the caller are not copied.
  static func labelled(_ stories: consuming [ExchangeStory], _ session: ImportedSession)
    -> [ExchangeStory]
  {
    guard !session.inferredAnswers.isEmpty else { return stories }
    for index in stories.indices {
      guard let answer = session.inferredAnswers[stories[index].participant]?[stories[index].time]
      else { continue }
      stories[index].strategy = stories[index].strategy.map { line in
        guard let arrow = line.range(of: " → "), line.hasPrefix("shouldPublish") else {
          return line
        }
        return String(line[..<arrow.lowerBound])
          + " → \(answer.publish ? "yes" : "no") (\(answer.evidence); not recorded: IVS logs no strategy calls)"
      }
    }
    return stories
  }

  /// `stories` with each sighting a recorded server event told (a publish, or the observer's
  /// join) timed by that event's milliseconds, changed in place: the model runs in whole
  /// seconds, so its time is the second before the publish that told the observer. An event
  /// EventBridge times to the whole second leaves the second, said to be one.
  static func timed(_ stories: consuming [ExchangeStory], _ comparison: RecordComparison)
    -> [ExchangeStory]
  {
    var wanted: Set<Int> = []
    for story in stories.indices {
      wanted.formUnion(stories[story].sightings.compactMap(\.serverEvent))
    }
    guard !wanted.isEmpty else { return stories }
    let entries = comparison.entries
    var times: [Int: Int64] = [:]
    var wholeSeconds: Set<Int> = []
    for index in entries.matches.indices {
      guard let match = entries.matches[index], wanted.contains(match.seq) else { continue }
      guard !entries.recorded[index].hasWholeSecondTime else {
        wholeSeconds.insert(match.seq)
        continue
      }
      times[match.seq] = entries.recorded[index].time
    }
    for story in stories.indices {
      for index in stories[story].sightings.indices {
        guard let seq = stories[story].sightings[index].serverEvent else { continue }
        stories[story].sightings[index].toldAt = times[seq]
        stories[story].sightings[index].toldInWholeSecond = wholeSeconds.contains(seq)
      }
    }
    return stories
  }

  /// The clock after the last step (a run may end with an `advance`, after its last event),
  /// or the fetch of a session still running, if later. Read from `runnable`: `scenario`
  /// would build every recorded event as JSON first, for steps that are the same.
  private static func endOfRecords(_ session: ImportedSession) -> Int64 {
    var clock = VirtualClock(start: session.runnable.start)
    for case .advance(let duration) in session.runnable.steps { clock.advance(by: duration) }
    return max(clock.now, session.fetchedWhileRunning ?? clock.now)
  }

  private static func summarize(
    _ comparison: RecordComparison, _ exchanges: [ExchangeStory], _ session: ImportedSession,
    _ divergences: [Divergence]
  ) -> [String] {
    var lines = unknownsFirst(exchanges, session)
    let labels = ParticipantLabels(exchanges, session, comparison)
    lines += labels.unrecordedLines(besides: lines)
    let recordedCount = session.recorded.count
    // Counted from the list `--json` gives as `divergences`: one source for both.
    var counts: [Divergence.Kind: Int] = [:]
    for divergence in divergences { counts[divergence.kind, default: 0] += 1 }
    lines.append(
      "\(recordedCount) recorded events: \(comparison.count(.reproduced)) reproduced by the model, "
        + "\(counts[.missingInModel] ?? 0) missing in the model, "
        + "\(counts[.missingInRecords] ?? 0) missing in the records, "
        + "\(comparison.count(.outsideModel)) outside the model (tolerance \(comparison.toleranceSeconds)s)"
    )
    lines +=
      staleLines(exchanges)
      + ObserverStaleTime.summaryLine(
        ObserverStaleTime.all(exchanges, session), labels, day: exchanges.first?.time ?? 0)
      + rangeLines(exchanges, labels)
    if let contradictions = counts[.contradiction] {
      lines.append("\(contradictions) record(s) contradict earlier ones (listed below)")
    }
    if divergences.isEmpty {
      lines.append("every recorded event the model simulates was reproduced")
    }
    return lines
  }
}
