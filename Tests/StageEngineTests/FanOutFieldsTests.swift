import Testing

@testable import StageEngine

/// The clients' table keeps what a fan-out reads of each observer beside them; whatever
/// changes a client — an SDK change, a new strategy, an exchange, time travel — must leave the
/// two in agreement, or a fan-out would report the wrong SDK or subscribe against the strategy.
@Suite struct FanOutFieldsTests {
  static func expectAgreement(_ stage: Stage, _ comment: Comment? = nil) {
    for slot in stage.clients.indices {
      #expect(stage.clients.summaries[slot] == FanOutFields(stage.clients[slot]), comment)
    }
  }

  @Test func aNewClientAndItsFieldsAgree() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("viewer", sdk: "web@1.33.0", publish: false, subscribe: false)
    let viewer = try fixture.stage.slot(of: "viewer")
    #expect(fixture.stage.clients.summaries[viewer].canSubscribe == false)
    Self.expectAgreement(fixture.stage)
  }

  @Test func anSDKChangeMovesTheProfileEveryEventNames() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    let slot = try fixture.stage.slot(of: "host")
    let before = fixture.stage.clients.summaries[slot].profile
    try fixture.stage.setSDKProfile(participant: "host", to: SDKProfile(parsing: "android@1.20.0"))
    #expect(fixture.stage.clients.summaries[slot].profile != before)
    #expect(fixture.stage.clients.summaries[slot].hasMetadataEvent == false)
    Self.expectAgreement(fixture.stage)
  }

  @Test(arguments: StrategySettings.Subscribe.allCases)
  func aNewStrategyIsTheAnswerFanOutsGive(_ answer: StrategySettings.Subscribe) throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", publish: false)
    try fixture.stage.setStrategy(
      participant: "viewer", to: StrategySettings(publish: .never, subscribe: answer))
    let slot = try fixture.stage.slot(of: "viewer")
    #expect(fixture.stage.clients.summaries[slot].subscribeAnswer == answer)
  }

  @Test func anExchangeThatTakesSubscribeAwayIsSeenByFanOuts() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("viewer", publish: false)
    _ = try fixture.exchange("viewer", publish: false, subscribe: false)
    let slot = try fixture.stage.slot(of: "viewer")
    #expect(fixture.stage.clients.summaries[slot].canSubscribe == false)
    Self.expectAgreement(fixture.stage)
  }

  @Test func restoringACheckpointRestoresTheFieldsWithTheClients() throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", publish: false)
    let slot = try fixture.stage.slot(of: "viewer")
    let before = fixture.stage.clients.summaries[slot]
    let checkpoint = fixture.stage.checkpoint()
    try fixture.stage.setSDKProfile(participant: "viewer", to: SDKProfile(parsing: "web@1.33.0"))
    #expect(fixture.stage.clients.summaries[slot] != before)
    fixture.stage.restore(checkpoint)
    #expect(fixture.stage.clients.summaries[slot] == before)
    Self.expectAgreement(fixture.stage)
  }
}
