import IVSRecords
import StageEngine

/// Each observer's stale time over the whole session (`staleTimeByObserver`, the summary's
/// "stale time by observer" line: back-to-back exchanges joined, issue 29 item 5). A total
/// the records settle must be the truth's: each span stale in the truth, and the seconds the
/// observer showed the participants' replaced values, within the windows of the exchanges
/// the report tells (one it leaves out is `exchangeMissing`), as many as it says. One that
/// hangs on an unstated SDK is a range (that, or none); one stated as unknown claims nothing,
/// and neither does one with a piece under an exchange the summary names as unknown.
extension SoundnessChecker {
  static func observerStaleTimes(
    _ explanation: Explanation, _ session: GeneratedSession, explained: Set<Int>
  ) -> [Violation] {
    let truth = session.truth
    let caveats = Self.caveats(explanation)
    let excused = explanation.exchanges.filter { story in
      caveats.contains { $0.contains(VirtualTime.iso8601(story.time)) }
    }
    var windows: [String: [Range<Int64>]] = [:]
    for exchange in truth.exchanges where explained.contains(exchange.seq) {
      windows[exchange.participant, default: []].append(truth.window(of: exchange))
    }
    var found: [Violation] = []
    for total in explanation.staleTimes {
      if case .unknown = total.certainty { continue }
      let named = excused.contains { $0.sightings.contains { $0.observer == total.observer } }
      guard !named,
        let observer = observer(
          named: total.observer, isComposition: total.isComposition, session)
      else { continue }
      let who = total.isComposition ? "the composition" : total.observer
      var truthSpans: [Range<Int64>] = []
      for participant in Set(total.spans.map(\.participant)) {
        for span in truth.spans where span.observer == observer && span.participant == participant {
          for window in windows[participant] ?? [] {
            let from = max(span.from, window.lowerBound)
            let until = min(span.until, window.upperBound)
            if until > from { truthSpans.append(from..<until) }
          }
        }
      }
      let ranged: Bool
      if case .ifBelow = total.certainty { ranged = true } else { ranged = false }
      for span in total.spans where !ranged {
        let claimed = span.until - span.from
        let inside = truth.staleSeconds(observer, span.participant, in: span.from..<span.until)
        guard inside < claimed - slack else { continue }
        found.append(
          Violation(
            kind: .observerStaleTime, subject: "\(observer) \(span.participant) \(span.from)",
            claim:
              "\(who) showed \(span.participant)'s replaced values \(clock(span.from))–\(clock(span.until)) (\(claimed) s)",
            truth: "stale \(inside) s of that span"))
      }
      let actual = covered(truthSpans)
      let claimed = Int64(clamping: total.seconds)
      let allowed = slack * Int64(max(1, total.spans.count + truthSpans.count))
      let lower = total.spans.contains(where: \.stillAtEnd) && actual > claimed
      let orNone = ranged && actual <= allowed
      guard abs(actual - claimed) > allowed, !lower, !orNone else { continue }
      found.append(
        Violation(
          kind: .observerStaleTime, subject: "\(observer) total",
          claim: "\(who) was stale \(claimed) s in all\(ranged ? " if its SDK is old" : "")",
          truth: "stale \(actual) s under the exchanges the report tells"))
    }
    return found
  }

  /// Seconds covered by at least one of `spans`.
  private static func covered(_ spans: [Range<Int64>]) -> Int64 {
    var total: Int64 = 0
    var reach = Int64.min
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) where span.upperBound > reach {
      total += span.upperBound - max(span.lowerBound, reach)
      reach = span.upperBound
    }
    return total
  }
}
