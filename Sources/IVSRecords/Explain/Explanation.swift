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
  /// The same records explained with other `--sdk` profiles, beside this report.
  public var whatIfs: [WhatIf] = []
  /// Each observer's stale time, back-to-back exchanges joined (longest first).
  public var staleTimes: [ObserverStaleTime] { ObserverStaleTime.all(exchanges) }
  /// What to tell the customer: causes, fixes, workarounds, each with its source.
  public var forCustomer: CustomerAnswer { CustomerAnswer.make(exchanges, session) }

  /// Whether the records are reproduced, valid and consistent (exit 0).
  public var isClean: Bool {
    comparison.isReproduced && session.divergences.isEmpty && session.findings.isEmpty
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
    let exchanges = unsettled(
      labelled(ranged(follower.finish(end: endOfRecords(session)), session), session), session)
    return Explanation(
      summary: summarize(comparison, exchanges, session), comparison: comparison,
      exchanges: exchanges, session: session)
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

  /// The clock after the last step (a run may end with an `advance`, after its last event),
  /// or the fetch of a session still running, if later. Read from `runnable`: `scenario`
  /// would build every recorded event as JSON first, for steps that are the same.
  private static func endOfRecords(_ session: ImportedSession) -> Int64 {
    var clock = VirtualClock(start: session.runnable.start)
    for case .advance(let duration) in session.runnable.steps { clock.advance(by: duration) }
    return max(clock.now, session.fetchedWhileRunning ?? clock.now)
  }

  private static func summarize(
    _ comparison: RecordComparison, _ exchanges: [ExchangeStory], _ session: ImportedSession
  ) -> [String] {
    var lines = unknownsFirst(exchanges, session)
    let recordedCount = session.recorded.count
    lines.append(
      "\(recordedCount) recorded events: \(comparison.count(.reproduced)) reproduced by the model, "
        + "\(comparison.count(.missingInModel)) missing in the model, "
        + "\(comparison.count(.missingInRecords)) missing in the records, "
        + "\(comparison.count(.outsideModel)) outside the model (tolerance \(comparison.toleranceSeconds)s)"
    )
    lines +=
      staleLines(exchanges)
      + ObserverStaleTime.summaryLine(
        ObserverStaleTime.all(exchanges), session, day: exchanges.first?.time ?? 0)
      + rangeLines(exchanges, session)
    if !session.divergences.isEmpty {
      lines.append("\(session.divergences.count) record(s) contradict earlier ones (listed below)")
    }
    if comparison.isReproduced, session.divergences.isEmpty {
      lines.append("every recorded event the model simulates was reproduced")
    }
    return lines
  }
}
