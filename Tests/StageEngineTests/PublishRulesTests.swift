import StageEngine
import Testing

@Suite("Publish, unpublish, leave (SPEC §2.4)")
struct PublishRulesTests {
  @Test func remoteObserversSeeParticipantOnlyWhenItPublishes() throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", publish: false)
    let connectEvents = try fixture.join("host", strategy: StrategySettings(publish: .never))
    #expect(!connectEvents.contains { $0.observer == "viewer" })
    try fixture.stage.publish(participant: "host")
    #expect(
      fixture.stage.drainEvents().map(\.line) == [
        "client publishStateChanged host→host attemptingPublish",
        "client publishStateChanged host→host published",
        "server PUBLISH_STARTED host",
        "client participantJoined viewer→host",
        "client streamsAdded viewer→host",
        "strategy shouldSubscribe viewer→host",
        "client subscribeStateChanged viewer→host attemptingSubscribe",
        "client subscribeStateChanged viewer→host subscribed",
        "server SUBSCRIBE_STARTED viewer→host",
      ])
  }

  @Test func observerWithoutSubscribeCapabilitySeesButDoesNotSubscribe() throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", publish: false, subscribe: false)
    let events = try fixture.join("host")
    #expect(
      events.filter { $0.observer == "viewer" }.map(\.kind) == [.participantJoined, .streamsAdded])
  }

  @Test func publishWithoutCapabilityLogsPublishErrorAndChangesNothing() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", publish: false)
    let before = fixture.stage.snapshot()
    #expect(try fixture.stage.publish(participant: "guest") != .done)
    let events = fixture.stage.drainEvents()
    #expect(events.map(\.line) == ["server PUBLISH_ERROR guest"])
    #expect(events.first?.errorCode == "INSUFFICIENT_CAPABILITIES")
    #expect(fixture.stage.snapshot() == before)
  }

  @Test func thirteenthPublisherGetsStageAtCapacity() throws {
    let fixture = try EngineFixture()
    for index in 0..<Stage.publisherLimit { try fixture.join("p\(index)") }
    let events = try fixture.join("p12", sdk: "web@1.33.0")
    #expect(events.contains { $0.kind == .error && $0.code == 6 })
    #expect(events.contains { $0.kind == .publishError && $0.errorCode == "QUOTA_EXCEEDED" })
    #expect(fixture.stage.snapshot().participant("p12")?.publish == .notPublished)
    #expect(fixture.stage.snapshot().publishers.count == Stage.publisherLimit)
  }

  @Test func unpublishEndsSubscriptionsThenRemovesStreamsThenParticipant() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("viewer", publish: false)
    try fixture.stage.unpublish(participant: "host")
    #expect(
      fixture.stage.drainEvents().map(\.line) == [
        "client publishStateChanged host→host notPublished",
        "server PUBLISH_STOPPED host",
        "client subscribeStateChanged viewer→host notSubscribed",
        "server SUBSCRIBE_STOPPED viewer→host",
        "client streamsRemoved viewer→host",
        "client participantLeft viewer→host",
      ])
  }

  @Test func leaveUnpublishesFirstThenDisconnects() throws {
    let fixture = try EngineFixture()
    try fixture.join("host", sdk: "web@1.33.0")
    try fixture.stage.leave(participant: "host")
    #expect(
      fixture.stage.drainEvents().map(\.line) == [
        "client publishStateChanged host→host notPublished",
        "server PUBLISH_STOPPED host",
        "client connectionStateChanged host→host disconnected",
        "client stageLeft host→host",
        "server LEFT host",
      ])
  }

  @Test func stageDeletionMakesEveryoneLeaveAndRefusesJoins() throws {
    let fixture = try EngineFixture()
    try fixture.join("a")
    try fixture.join("b", publish: false)
    fixture.stage.deleteStage()
    let left = fixture.stage.drainEvents().filter { $0.kind == .left }
    #expect(left.map(\.participant) == ["a", "b"])
    #expect(left.allSatisfy { $0.reason == "stage-deleted" })
    let token = try EngineFixture.token(EngineFixture.claims("a"))
    #expect(try fixture.stage.join(participant: "a", token: token) != .done)
  }

  @Test func wrongStateActionsThrowAndRecordNothing() throws {
    let fixture = try EngineFixture()
    try fixture.join("a", publish: false)
    #expect(throws: StageActionError.self) { try fixture.stage.unpublish(participant: "a") }
    #expect(throws: StageActionError.self) { try fixture.stage.leave(participant: "nobody") }
    #expect(throws: StageActionError.self) {
      try fixture.stage.answer(participant: "a", publish: true)
    }
    #expect(fixture.stage.pendingEventCount == 0)
  }
}
