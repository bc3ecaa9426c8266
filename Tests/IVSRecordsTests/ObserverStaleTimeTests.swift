import Testing

@testable import IVSRecords

/// An observer's stale time over the session is unknown where its own events are missing at
/// an exchange it has no sighting of: it may have joined again on the lost events and shown
/// the old values since (finding 51002875).
@Suite struct ObserverStaleTimeTests {
  /// Carol (Android 1.36.0) stale across guest's exchanges at 12:00:10 and 12:03:40.
  static func explanation() throws -> Explanation {
    try Explanation.make(
      try ExchangeFollowTests.session(
        before: "",
        after:
          #"{"advance": "3m30s"}, {"exchange": "guest", "token": {"attributes": {"seat": "1"}}}, {"advance": "5m10s"}, {"unpublish": "guest"}, {"advance": "1m"}"#
      ), file: "follow.json", toleranceSeconds: 5)
  }

  static func carol(_ stories: [ExchangeStory], _ session: ImportedSession) throws
    -> ObserverStaleTime
  {
    try #require(ObserverStaleTime.all(stories, session).first { $0.observer == "carol" })
  }

  /// Carol's own events missing between `after` and `before` (12:MM:SS).
  static func gap(_ after: String, _ before: String, _ evidence: String) throws -> HistoryGap {
    HistoryGap(
      participant: "carol",
      after: try #require(RecordTime.milliseconds("2026-01-01T\(after).000Z")),
      before: try #require(RecordTime.milliseconds("2026-01-01T\(before).000Z")),
      evidence: evidence)
  }

  static func isUnknown(_ total: ObserverStaleTime) -> Bool {
    if case .unknown = total.certainty { return true }
    return false
  }

  @Test func anObserverWhoseOwnEventsAreMissingAtAnExchangeItHasNoSightingOfIsUnknown() throws {
    let explanation = try Self.explanation()
    var stories = explanation.exchanges
    let first = try #require(stories.firstIndex { $0.participant == "guest" })
    // As the records would have it without her stay at the first exchange.
    stories[first].sightings.removeAll { $0.observer == "carol" }
    #expect(!Self.isUnknown(try Self.carol(stories, explanation.session)))
    var gapped = explanation.session
    gapped.historyGaps = [
      try Self.gap(
        "12:00:05", "12:00:20",
        "its LEFT at 12:00:20Z follows its LEFT at 12:00:05Z with no JOINED between")
    ]
    let total = try Self.carol(stories, gapped)
    guard case .unknown(let missing) = total.certainty else {
      Issue.record("carol's total is not unknown: \(total.certainty)")
      return
    }
    #expect(
      missing.contains("may have been on the stage when guest exchanged at 2026-01-01T12:00:10Z"))
    // With her sighting of that exchange, the sighting tells what she showed.
    #expect(!Self.isUnknown(try Self.carol(explanation.exchanges, gapped)))
    // A gap at no exchange leaves the total as the records tell it.
    var elsewhere = explanation.session
    elsewhere.historyGaps = [try Self.gap("12:01:00", "12:02:00", "a gap")]
    #expect(!Self.isUnknown(try Self.carol(stories, elsewhere)))
  }
}
