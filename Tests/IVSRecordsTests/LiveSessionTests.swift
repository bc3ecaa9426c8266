import IVSRecords
import StageEngine
import Testing

/// Issue 19: records `stagemon fetch` took of a session still running (a manifest's
/// `fetchedAt`, no end time): values still stale at the last record were still shown at the
/// fetch, so the span runs to it.
@Suite struct LiveSessionTests {
  /// host (Web 1.33) publishes and exchanges a new seat at 10:05, the last record; viewer
  /// (Android 1.36) cannot learn it while host keeps publishing.
  static let records = [
    """
    {"events": [
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-04-20T10:00:00Z"},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-04-20T10:00:01Z"},
      {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-04-20T10:05:00Z",
       "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"}},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}}}]}
    """,
    """
    {"events": [
      {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-04-20T10:00:10Z"},
      {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-04-20T10:00:11Z"}]}
    """,
    #"{"participant": {"participantId": "host", "browserName": "Chrome", "sdkVersion": "1.33.0"}}"#,
    #"{"participant": {"participantId": "viewer", "osName": "Android", "sdkVersion": "1.36.0"}}"#,
  ]

  static let manifest =
    #"{"kind": "stagemon-fetch-manifest", "version": 1, "fetchedAt": "2026-04-20T10:20:00Z", "#
    + #""requestCount": 5, "complete": true, "problems": []}"#

  static func explain(_ texts: [String]) throws -> Explanation {
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records(texts), options: ImportOptions())
    return try Explanation.make(session, file: "live", toleranceSeconds: 5)
  }

  static func viewerSighting(_ explanation: Explanation) -> ExchangeStory.Sighting? {
    explanation.exchanges.last?.sightings.first { $0.observer == "viewer" }
  }

  @Test func theStaleSpanOfALiveSessionRunsToTheFetch() throws {
    let explanation = try Self.explain(Self.records + [Self.manifest])
    #expect(explanation.session.fetchedWhileRunning == VirtualTime.parse("2026-04-20T10:20:00Z"))
    let stale = try #require(Self.viewerSighting(explanation)?.stale)
    #expect(stale.end == .sessionEnded)
    #expect(stale.until == VirtualTime.parse("2026-04-20T10:20:00Z"))
    #expect(stale.seconds == 900)
    #expect(
      Self.viewerSighting(explanation)?.text.hasPrefix(
        "STALE from 10:05:00Z to the fetch (10:20:00Z, the session still running; 15m)") == true)
  }

  @Test func withoutAManifestTheRecordsEndAtTheLastOne() throws {
    let stale = try #require(Self.viewerSighting(try Self.explain(Self.records))?.stale)
    #expect(stale.until == VirtualTime.parse("2026-04-20T10:05:00Z"))
  }

  @Test func aSessionThatEndedIsNotRunToTheFetch() throws {
    let ended =
      #"{"stageSession": {"sessionId": "st-1", "startTime": "2026-04-20T09:59:00Z", "#
      + #""endTime": "2026-04-20T10:06:00Z"}}"#
    let explanation = try Self.explain(Self.records + [Self.manifest, ended])
    #expect(explanation.session.fetchedWhileRunning == nil)
    #expect(
      Self.viewerSighting(explanation)?.stale?.until != VirtualTime.parse("2026-04-20T10:20:00Z"))
  }
}
