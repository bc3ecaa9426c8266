import IVSRecords
import Testing

/// A subscription that starts seconds after its publisher's PUBLISH_STARTED can be the last
/// start of a reconnection whose other events are on a page left out, and the reconnection
/// told the observer the current values: a stale span it reaches into is unknown (finding
/// 238715). One started with the publish is the publish's.
@Suite struct LateStartTests {
  typealias Case = CustomerAnswerTests

  /// The host exchanges at 05:00 while publishing until 20:00; a viewer on an SDK that is
  /// told only on a republish or a reconnection subscribes to the guest that publishes at
  /// 08:00 at `start`.
  static func viewersSighting(subscribingToTheGuestAt start: String) throws
    -> ExchangeStory.Sighting
  {
    let explanation = try Case.explain(
      [
        Case.event("JOINED", "host", "00:00"), Case.event("PUBLISH_STARTED", "host", "00:01"),
        Case.event("JOINED", "guest", "00:02"), Case.event("JOINED", "viewer", "00:10"),
        Case.event(
          "SUBSCRIBE_STARTED", "viewer", "00:10.100", extra: #", "remoteParticipantId": "host""#),
        Case.exchange(
          "host", "05:00", from: #"["PUBLISH","SUBSCRIBE"]"#, to: #"["PUBLISH","SUBSCRIBE"]"#,
          attributes: #"{"seat": "1"}"#, newAttributes: #"{"seat": "2"}"#),
        Case.event("PUBLISH_STARTED", "guest", "08:00"),
        Case.event(
          "SUBSCRIBE_STARTED", "viewer", start, extra: #", "remoteParticipantId": "guest""#),
        Case.event("PUBLISH_STOPPED", "host", "20:00"),
        Case.event(
          "SUBSCRIBE_STOPPED", "viewer", "20:00.500", extra: #", "remoteParticipantId": "host""#),
      ], sdks: ["host=web@1.33.0", "guest=web@1.33.0", "viewer=android@1.36.0"])
    let story = try #require(explanation.exchanges.first { $0.participant == "host" })
    return try #require(story.sightings.first { $0.observer == "viewer" })
  }

  @Test func aSubscriptionStartedLateLeavesTheSpanItReachesIntoUnknown() throws {
    let sighting = try Self.viewersSighting(subscribingToTheGuestAt: "08:03.100")
    #expect(
      sighting.unsettledBy?.hasPrefix("whether the late start of viewer's subscription") == true)
    // Stale at least from the exchange to the guest's publish, at most to the host's stop.
    #expect(sighting.staleBounds?.atLeast == 180)
    #expect(sighting.staleBounds?.atMost == 900)
  }

  @Test func aSubscriptionStartedWithThePublishLeavesItSettled() throws {
    let sighting = try Self.viewersSighting(subscribingToTheGuestAt: "08:00.500")
    #expect(sighting.unsettledBy == nil)
    #expect(sighting.stale?.seconds == 900)
  }
}
