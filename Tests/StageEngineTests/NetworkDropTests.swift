import StageEngine
import Testing

/// A network drop with the SDK's own reconnection (SPEC §2.2): `disconnected →
/// connecting → connected` with the current token, distinct from leave + join.
@Suite("Network drop and SDK reconnection (SPEC §2.2)")
struct NetworkDropTests {
  @Test(arguments: ["ios@1.37.0", "android@1.37.0", "web@1.33.0"])
  func aDropGoesDisconnectedConnectingConnectedWithoutLeavingTheStage(sdk: String) throws {
    let fixture = try EngineFixture()
    try fixture.join("me", sdk: sdk, publish: false)
    #expect(try fixture.stage.dropNetwork(participant: "me") == .done)
    let events = fixture.stage.drainEvents()
    #expect(
      events.map(\.line) == [
        "client connectionStateChanged me→me disconnected",
        "client connectionStateChanged me→me connecting",
        "client connectionStateChanged me→me connected",
      ])
    #expect(fixture.stage.snapshot().participant("me")?.connection == .connected)
  }

  @Test func leaveAndJoinIsNotADrop() throws {
    let fixture = try EngineFixture()
    try fixture.join("me", sdk: "web@1.33.0", publish: false)
    _ = try fixture.stage.reconnect(participant: "me")
    let kinds = fixture.stage.drainEvents().map(\.kind)
    #expect(kinds.contains(.stageLeft) && kinds.contains(.left) && kinds.contains(.joined))
  }

  @Test func observersSeeADroppedPublisherLeaveAndReturnWithCurrentValues() throws {
    let fixture = try EngineFixture()
    try fixture.join("old", sdk: "android@1.36.0", publish: false)
    try fixture.join("pub", userId: "before")
    _ = try fixture.exchange("pub", userId: "after")
    #expect(fixture.stage.snapshot().participant("old")?.remotes.first?.isStale == true)
    try fixture.stage.dropNetwork(participant: "pub")
    let lines = fixture.stage.drainEvents().filter { $0.observer == "old" }.map(\.line)
    #expect(
      lines == [
        "client subscribeStateChanged old→pub notSubscribed", "client streamsRemoved old→pub",
        "client participantLeft old→pub", "client participantJoined old→pub",
        "belief beliefChanged old→pub current", "client streamsAdded old→pub",
        "strategy shouldSubscribe old→pub",
        "client subscribeStateChanged old→pub attemptingSubscribe",
        "client subscribeStateChanged old→pub subscribed",
      ])
    let view = try #require(fixture.stage.snapshot().participant("old")?.remotes.first)
    #expect(!view.isStale && view.believed.userId == "after")
  }

  @Test func theServiceKeepsTheSessionAndLogsOnlyMedia() throws {
    let fixture = try EngineFixture()
    try fixture.join("obs", publish: false)
    try fixture.join("pub")
    _ = fixture.stage.drainEvents()
    try fixture.stage.dropNetwork(participant: "pub")
    let server = fixture.stage.drainEvents().filter { $0.source == .server }.map(\.line)
    #expect(
      server == [
        "server PUBLISH_STOPPED pub", "server SUBSCRIBE_STOPPED obs→pub",
        "server PUBLISH_STARTED pub", "server SUBSCRIBE_STARTED obs→pub",
      ])
  }

  @Test func theReconnectionUsesTheExchangedToken() throws {
    let fixture = try EngineFixture()
    try fixture.join("me", publish: false, userId: "first")
    _ = try fixture.exchange("me", publish: true, userId: "exchanged")
    _ = fixture.stage.drainEvents()
    try fixture.stage.dropNetwork(participant: "me")
    let events = fixture.stage.drainEvents()
    #expect(events.contains { $0.line == "strategy shouldPublish me→me" }, "publish from new token")
    let me = try #require(fixture.stage.snapshot().participant("me"))
    #expect(me.token?.userId == "exchanged" && me.publish == .published)
  }

  static let expiredCodes = [
    ("ios@1.37.0", 1001, nil), ("android@1.37.0", 1001, nil),
    ("web@1.33.0", 2, "TOKEN_EXPIRED" as String?),
  ]

  @Test(arguments: expiredCodes)
  func aReconnectionWithAnExpiredTokenFailsAndEndsTheSession(
    sdk: String, code: Int, name: String?
  ) throws {
    let fixture = try EngineFixture()
    try fixture.join("me", sdk: sdk)
    fixture.stage.advance(bySeconds: 13 * 3600)
    #expect(fixture.stage.snapshot().participant("me")?.connection == .connected)
    let outcome = try fixture.stage.dropNetwork(participant: "me")
    #expect(outcome != .done)
    let events = fixture.stage.drainEvents()
    let error = try #require(events.first { $0.kind == .error })
    #expect(error.code == code && error.errorCode == name)
    #expect(events.contains { $0.kind == .left && $0.reason == "reconnect-failed" })
    #expect(events.last?.line == "client connectionStateChanged me→me disconnected")
    #expect(fixture.stage.snapshot().participant("me")?.connection == .disconnected)
  }

  @Test func droppingAParticipantThatIsNotConnectedIsRefused() throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "away", sdk: SDKProfile(parsing: "ios@1.37.0"))
    let before = fixture.stage.snapshot()
    #expect(throws: StageActionError("away is not connected")) {
      try fixture.stage.dropNetwork(participant: "away")
    }
    #expect(fixture.stage.drainEvents().isEmpty && fixture.stage.snapshot() == before)
  }
}
