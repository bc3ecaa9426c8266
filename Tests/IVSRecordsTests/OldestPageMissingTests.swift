import Testing

@testable import IVSRecords

/// A viewer whose oldest page of events is missing (its first event here stops a
/// subscription), issue 29 case 2. With get-participant's `firstJoinTime` it was on the stage
/// from then, subscribed to the publisher: the import joins it at that time, not at its first
/// recorded event, so the model neither reads it as joining after the exchange nor reports
/// its JOINED missing from the records at the wrong time or its stop missing from the model.
/// Without it, the verdict the page leaves open is unknown and counted so in the totals.
@Suite struct OldestPageMissingTests {
  static let viewer = """
    {"events": [
      {"eventTime": "2026-03-14T18:10:00.300Z", "name": "LEFT", "participantId": "viewer"},
      {"eventTime": "2026-03-14T18:10:00.000Z", "name": "SUBSCRIBE_STOPPED",
       "participantId": "viewer", "remoteParticipantId": "host"}],
     "nextToken": "AYADeNfm0Fp0dHk"}
    """
  static let viewerRecord = """
    {"participant": {"participantId": "viewer", "userId": "bea", "state": "DISCONNECTED",
      "firstJoinTime": "2026-03-14T18:01:00+00:00", "attributes": {"role": "viewer"},
      "published": false, "osName": "iOS", "sdkVersion": "1.36.0"}}
    """
  static let host = """
    {"events": [
      {"name": "LEFT", "participantId": "host", "eventTime": "2026-03-14T18:20:00.200Z"},
      {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-03-14T18:20:00.000Z"},
      {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:05:00.000Z",
       "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"}},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}}},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-03-14T18:00:00.400Z"},
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-03-14T18:00:00.100Z"}]}
    """

  @Test func itJoinsAtItsFirstJoinTimeSubscribed() throws {
    let files = [
      ("viewer.events.json", Self.viewer), ("get-participant.viewer.json", Self.viewerRecord),
      ("host.events.json", Self.host),
    ].map { (name: $0.0, bytes: Array($0.1.utf8)) }
    let explanation = try Explanation.make(files: files, toleranceSeconds: 5)
    let joined = try #require(
      explanation.divergences.first { $0.event == "JOINED" && $0.participant == "viewer" })
    #expect(joined.kind == .missingInRecords)
    #expect(joined.time == RecordTime.milliseconds("2026-03-14T18:01:00Z"))
    #expect(!explanation.divergences.contains { $0.kind == .missingInModel })
    let story = try #require(explanation.exchanges.first { $0.participant == "host" })
    let sighting = try #require(story.sightings.first { $0.observer == "viewer" })
    // The missing page may hold more (a rejoin, a republish): unknown, but the model's
    // reading is the viewer's own: on the stage at the exchange, never told (iOS 1.36).
    #expect(sighting.unsettledBy != nil)
    #expect(sighting.cause != .joinedAfterExchange)
  }

  /// Without get-participant nothing says when the viewer joined: the model reads it as
  /// joining after the exchange, yet it may have been stale, and the totals name that
  /// verdict as unknown beside the certain ones.
  @Test func theTotalsNameTheVerdictThePageLeavesUnknown() throws {
    let records = try RecordFixtures.records([Self.viewer, Self.host])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let explanation = try Explanation.make(session, file: "x", toleranceSeconds: 5)
    let sighting = try #require(explanation.exchanges.first?.sightings.first)
    #expect(sighting.unsettledBy != nil && sighting.stale == nil)
    #expect(
      explanation.summary.contains(
        "stale views in all: none certain; 1 more span(s) unknown (above)"),
      "\(explanation.summary)")
  }
}
