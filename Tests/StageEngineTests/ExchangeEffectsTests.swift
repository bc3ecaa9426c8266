import StageEngine
import Testing
import TokenCore

@Suite("Accepted exchange effects (SPEC §3.3)")
struct ExchangeEffectsTests {
  @Test func acceptedExchangeRecordsVerdictThenTokenExchangedWithSummaries() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", publish: false, userId: "bob")
    let (outcome, events) = try fixture.exchange(
      "guest", publish: false, userId: "robert", attributes: ["a": "1"])
    #expect(outcome == .accepted)
    #expect(events.map(\.kind) == [.exchangeAccepted, .tokenExchanged])
    let exchanged = try #require(events.last?.exchange)
    #expect(exchanged.previousToken.userId == "bob")
    #expect(exchanged.newToken.userId == "robert")
    #expect(exchanged.newToken.attributes == ["a": "1"])
    #expect(
      !exchanged.newToken.redacted.contains("=")
        && exchanged.newToken.redacted.hasSuffix("redacted>"))
    #expect(fixture.stage.snapshot().participant("guest")?.token?.userId == "robert")
  }

  @Test func publishGainAsksTheStrategy() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", sdk: "android@1.37.0", publish: false)
    let (_, events) = try fixture.exchange("guest", publish: true)
    let questions = events.filter { $0.source == .strategy }
    #expect(
      questions.map(\.name) == [
        "shouldPublishFromParticipant", "stageStreamsToPublishForParticipant",
      ])
    #expect(fixture.stage.snapshot().participant("guest")?.publish == .published)
  }

  @Test func publishGainWithAskStrategyWaitsForTheApp() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", publish: false, strategy: StrategySettings(publish: .ask))
    let (_, events) = try fixture.exchange("guest", publish: true)
    #expect(events.last?.kind == .shouldPublish && events.last?.answer == "pending")
    #expect(fixture.stage.snapshot().pendingQuestions.map(\.participant) == ["guest"])
    try fixture.stage.answer(participant: "guest", publish: true)
    #expect(fixture.stage.snapshot().participant("guest")?.publish == .published)
    #expect(fixture.stage.snapshot().pendingQuestions.isEmpty)
  }

  @Test func publishLossWhilePublishingUnpublishesWithNoStrategyQuestion() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("viewer", publish: false)
    let (_, events) = try fixture.exchange("host", publish: false, attributes: ["x": "y"])
    let afterExchange = events.drop { $0.kind != .tokenExchanged }.dropFirst()
    #expect(afterExchange.first?.line == "client publishStateChanged host→host notPublished")
    #expect(!events.contains { $0.source == .strategy })
    #expect(!events.contains { $0.kind == .participantMetadataUpdated })
    #expect(events.contains { $0.line == "client participantLeft viewer→host" })
    #expect(fixture.stage.snapshot().participant("host")?.publish == .notPublished)
  }

  @Test func subscribeGainAsksForEveryRemotePublisher() throws {
    let fixture = try EngineFixture()
    try fixture.join("a")
    try fixture.join("b")
    try fixture.join("viewer", publish: false, subscribe: false)
    let (_, events) = try fixture.exchange("viewer", publish: false, subscribe: true)
    #expect(
      events.filter { $0.source == .strategy }.map(\.line) == [
        "strategy shouldSubscribe viewer→a", "strategy shouldSubscribe viewer→b",
      ])
    #expect(events.filter { $0.kind == .subscribeStarted }.count == 2)
  }

  @Test func subscribeLossEndsEverySubscription() throws {
    let fixture = try EngineFixture()
    try fixture.join("a")
    try fixture.join("viewer", publish: false)
    let (_, events) = try fixture.exchange("viewer", publish: false, subscribe: false)
    #expect(
      events.dropFirst(2).map(\.line) == [
        "client subscribeStateChanged viewer→a notSubscribed", "server SUBSCRIBE_STOPPED viewer→a",
      ])
    let remote = fixture.stage.snapshot().participant("viewer")?.remotes.first
    #expect(remote?.subscribe == .notSubscribed)
  }
}
