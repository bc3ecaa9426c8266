import IVSRecords
import StageEngine
import Testing

/// IVS began moving composition layouts at once after an exchange on 2026-04-16, a change dated
/// to the day, not the hour (finding 40011546): a composition that started that day, or
/// before it and ran into it, may have followed an exchange at once or kept the old values
/// until a republish. The report gives that range; on either side of the day it is certain.
@Suite struct CompositionChangeDayTests {
  /// A host publishing from 00:05, exchanging to `featured=true` at 00:06 and leaving at
  /// 00:10 on `day`, under a composition that started at `started`.
  static func sighting(on day: String, started: String) throws -> ExchangeStory.Sighting {
    let events = """
      {"events": [
        {"name": "JOINED", "participantId": "host", "eventTime": "\(day)T00:05:00Z"},
        {"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "\(day)T00:05:00.100Z"},
        {"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "\(day)T00:06:00Z",
         "previousToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"featured": "true"}}},
        {"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "\(day)T00:10:00Z"},
        {"name": "LEFT", "participantId": "host", "eventTime": "\(day)T00:10:00.100Z"}]}
      """
    let composition = """
      {"composition": {"arn": "arn:aws:ivs:us-east-1:123456789012:composition/abcdABCDefgh",
        "stageArn": "arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456", "state": "ACTIVE",
        "destinations": [], "tags": {}, "startTime": "\(started)",
        "layout": {"grid": {"featuredParticipantAttribute": "featured"}}}}
      """
    let records = try RecordFixtures.records([events, composition])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let explanation = try Explanation.make(session, file: "case", toleranceSeconds: 5)
    let story = try #require(explanation.exchanges.first { $0.changesMetadata })
    return try #require(story.sightings.first { $0.isComposition })
  }

  @Test func aCompositionStartedOnTheDayOfTheChangeIsARange() throws {
    let sighting = try Self.sighting(on: "2026-04-16", started: "2026-04-16T00:01:00Z")
    #expect(sighting.unsettledBy?.contains("dated to the day, not the hour") == true)
    #expect(sighting.staleBounds?.atLeast == 0)
    #expect(sighting.staleBounds?.atMost == 240)
  }

  @Test func aCompositionThatRanIntoTheDayOfTheChangeIsARange() throws {
    let sighting = try Self.sighting(on: "2026-04-16", started: "2026-04-15T23:50:00Z")
    #expect(sighting.unsettledBy != nil)
    #expect(sighting.staleBounds?.atMost == 240)
  }

  @Test func eitherSideOfTheDayItIsCertain() throws {
    let before = try Self.sighting(on: "2026-04-15", started: "2026-04-15T00:01:00Z")
    #expect(before.unsettledBy == nil)
    #expect(before.stale?.seconds == 240)
    let after = try Self.sighting(on: "2026-04-17", started: "2026-04-17T00:01:00Z")
    #expect(after.unsettledBy == nil)
    #expect(after.stale == nil)
    #expect(after.verdict == .atOnce)
  }
}
