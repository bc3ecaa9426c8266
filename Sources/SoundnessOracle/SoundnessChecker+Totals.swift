import IVSRecords
import StageEngine

extension SoundnessChecker {
  /// Exchanges that left observers stale but are not in the report, with no summary line
  /// naming their participant.
  static func missingExchanges(
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
          "it exchanged to \(describe(exchange.metadata)) and observers showed stale values for \(stale) s",
        basis: .exchange(participant: exchange.participant, at: exchange.time))
    }
  }

  /// The summary's `N stale observer-minutes` against the truth, when the report names
  /// nothing unknown.
  static func totals(
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
}
