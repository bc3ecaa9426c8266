import Testing

@testable import IVSRecords

/// A participant's newest page left out: what get-participant's state shows of it, and the
/// verdicts it leaves unknown.
@Suite struct NewestPageMissingTests {
  /// The viewer joins, watches the host and leaves at 18:10; the host exchanges at 18:15.
  static let viewer = """
    {"events": [
      {"name": "LEFT", "participantId": "viewer", "eventTime": "2026-03-14T18:10:00.100Z"},
      {"name": "SUBSCRIBE_STOPPED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-03-14T18:10:00.000Z"},
      {"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host",
       "eventTime": "2026-03-14T18:01:00.100Z"},
      {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-03-14T18:01:00.000Z"}]}
    """
  static let host = """
    {"events": [
      {"name": "LEFT", "participantId": "host", "eventTime": "2026-03-14T18:20:00.000Z"},
      {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-03-14T18:20:00.000Z"},
      {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-03-14T18:15:00.000Z",
       "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "1"}},
       "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"seat": "2"}}},
      {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.100Z"},
      {"name": "JOINED", "participantId": "host", "eventTime": "2026-03-14T18:00:30.000Z"}]}
    """

  static func state(_ state: String) -> String {
    #"{"participant": {"participantId": "viewer", "state": "\#(state)"}}"#
  }

  /// Its events end with a LEFT though get-participant says CONNECTED: it joined again on a
  /// page left out (or get-participant was read before it left), so the host's exchange
  /// after its LEFT may have found it on the stage: the report says so (finding 3101580).
  @Test func aLeaveThoughStillConnectedLeavesWhatFollowsUnknown() throws {
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records([Self.viewer, Self.host, Self.state("CONNECTED")]),
      options: ImportOptions())
    let left = try #require(RecordTime.milliseconds("2026-03-14T18:10:00Z"))
    #expect(session.endsUnrecorded["viewer"] == left / 1000)
    #expect(session.endsLeaving == ["viewer"])
    let explanation = try Explanation.make(session, file: "test", toleranceSeconds: 5)
    #expect(
      explanation.summary.contains {
        $0.hasPrefix("viewer's own events end with a LEFT at 2026-03-14T18:10:00Z, though")
      })
  }

  @Test func aLeaveGetParticipantAgreesWithIsTheEnd() throws {
    let session = try RecordImporter.makeSession(
      from: try RecordFixtures.records([Self.viewer, Self.host, Self.state("DISCONNECTED")]),
      options: ImportOptions())
    #expect(session.endsUnrecorded.isEmpty)
    #expect(session.endsLeaving.isEmpty)
  }
}
