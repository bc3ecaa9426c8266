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

  /// Whether the records are reproduced, valid and consistent (exit 0).
  public var isClean: Bool {
    comparison.isReproduced && session.divergences.isEmpty
      && !session.issues.contains(where: \.isInvalid)
  }

  /// Runs `session`, compares with `toleranceSeconds` and explains.
  public static func make(_ session: ImportedSession, file: String, toleranceSeconds: Int64)
    throws(ScenarioError) -> Explanation
  {
    var events: [StageEvent] = []
    let comparison = try RecordComparison.run(
      session, file: file, toleranceSeconds: toleranceSeconds, sink: { events += $0 })
    let exchanges = events.indices.filter {
      events[$0].kind == .tokenExchanged && events[$0].source == .server
    }.map { ExchangeStory(events: events, at: $0) }
    return Explanation(
      summary: summarize(comparison, exchanges, session), comparison: comparison,
      exchanges: exchanges, session: session)
  }

  private static func summarize(
    _ comparison: RecordComparison, _ exchanges: [ExchangeStory], _ session: ImportedSession
  ) -> [String] {
    var lines: [String] = []
    let recordedCount = session.recorded.count
    lines.append(
      "\(recordedCount) recorded events: \(comparison.count(.reproduced)) reproduced by the model, "
        + "\(comparison.count(.missingInModel)) missing in the model, "
        + "\(comparison.count(.missingInRecords)) missing in the records, "
        + "\(comparison.count(.outsideModel)) outside the model (tolerance \(comparison.toleranceSeconds)s)"
    )
    var told: Set<String> = []
    for story in exchanges.reversed() {
      for sighting in story.sightings where sighting.verdict == "never" {
        guard told.insert("\(sighting.observer)/\(story.participant)").inserted else { continue }
        let shown = sighting.believed.map(ExchangeStory.metadata) ?? ""
        let who =
          sighting.observer == "composition"
          ? "the composition (\(sighting.profile))"
          : "viewer \(sighting.observer) on \(sighting.profile)"
        let rule =
          sighting.observer == "composition"
          ? "an on-reconnect composition keeps the attributes a participant started publishing with"
          : "SDKs before iOS/Android 1.37.0 and Web 1.33.0 learn new attributes only when the publisher republishes"
        lines.append(
          "\(who) still shows \(shown) for \(story.participant): \(rule); \(story.participant) never republished"
        )
      }
    }
    if !session.divergences.isEmpty {
      lines.append("\(session.divergences.count) record(s) contradict earlier ones (listed below)")
    }
    if comparison.isReproduced, session.divergences.isEmpty {
      lines.append("every recorded event the model simulates was reproduced")
    }
    return lines
  }
}
