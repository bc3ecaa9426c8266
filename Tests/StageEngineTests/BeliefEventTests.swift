import StageEngine
import Testing

/// SPEC §3.4, last bullet: the stream says when an observer's view of a participant turns
/// stale and when it is current again, with believed and true values and a reason.
@Suite("Belief events")
struct BeliefEventTests {
  private func beliefs(_ events: [StageEvent]) -> [StageEvent] {
    events.filter { $0.kind == .beliefChanged }
  }

  @Test func oldObserverTurnsStaleOnExchangeAndCurrentOnRepublish() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", userId: "bob", attributes: ["seat": "3"])
    try fixture.join("old", sdk: "android@1.36.0", publish: false)
    try fixture.join("new", sdk: "android@1.37.0", publish: false)
    let (_, exchanged) = try fixture.exchange("guest", userId: "bob", attributes: ["seat": "1"])
    let stale = beliefs(exchanged)
    #expect(stale.map(\.line) == ["belief beliefChanged old→guest stale"])
    let event = try #require(stale.first)
    #expect(event.source == .belief)
    #expect(event.sdk?.description == "android@1.36.0")
    #expect(event.attributes == ["seat": "3"])
    #expect(event.truth?.metadata == ParticipantMetadata(userId: "bob", attributes: ["seat": "1"]))
    #expect(event.reason?.contains("republishes or reconnects") == true)

    try fixture.stage.unpublish(participant: "guest")
    #expect(beliefs(fixture.stage.drainEvents()).isEmpty)
    try fixture.stage.publish(participant: "guest")
    let current = beliefs(fixture.stage.drainEvents())
    #expect(current.map(\.line) == ["belief beliefChanged old→guest current"])
    #expect(current.first?.attributes == ["seat": "1"])
  }

  @Test func staleObserverIsToldAgainWhenTheTruthMovesOn() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", attributes: ["seat": "3"])
    try fixture.join("old", sdk: "web@1.32.0", publish: false)
    _ = try fixture.exchange("guest", attributes: ["seat": "2"])
    let (_, second) = try fixture.exchange("guest", attributes: ["seat": "1"])
    let events = beliefs(second)
    #expect(events.map(\.line) == ["belief beliefChanged old→guest stale"])
    #expect(events.first?.attributes == ["seat": "3"])
    #expect(events.first?.truth?.metadata.attributes == ["seat": "1"])
  }

  @Test func observerThatRejoinsLearnsTheCurrentValues() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", attributes: ["seat": "3"])
    try fixture.join("old", sdk: "ios@1.36.0", publish: false)
    _ = try fixture.exchange("guest", attributes: ["seat": "1"])
    _ = try fixture.stage.reconnect(participant: "old")
    #expect(
      beliefs(fixture.stage.drainEvents()).map(\.line) == [
        "belief beliefChanged old→guest current"
      ])
  }

  @Test(arguments: [CompositionConfiguration.UpdatePolicy.onReconnect, .live])
  func compositionBeliefFollowsItsPolicy(policy: CompositionConfiguration.UpdatePolicy) throws {
    let fixture = try EngineFixture(
      composition: CompositionConfiguration(participantOrderAttribute: "order", updates: policy))
    try fixture.join("guest", attributes: ["order": "3"])
    let (_, exchanged) = try fixture.exchange("guest", attributes: ["order": "1"])
    let expected = policy == .live ? [] : ["belief beliefChanged main→guest stale"]
    #expect(beliefs(exchanged).map(\.line) == expected)
    try fixture.stage.setCompositionPolicy(.live)
    let switched = policy == .live ? [] : ["belief beliefChanged main→guest current"]
    #expect(beliefs(fixture.stage.drainEvents()).map(\.line) == switched)
  }

  @Test func observersWithTheMetadataEventNeverTurnStale() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", attributes: ["seat": "3"])
    try fixture.join("ios", sdk: "ios@1.37.0", publish: false)
    try fixture.join("web", sdk: "web@1.33.0", publish: false)
    let (_, exchanged) = try fixture.exchange("guest", attributes: ["seat": "1"])
    #expect(beliefs(exchanged).isEmpty)
  }
}
