import StageEngine
import Testing

@Suite("Strategy (SPEC §2.3)")
struct StrategyQuestionTests {
  static let names: [(String, [String])] = [
    ("ios@1.37.0", ["shouldPublishParticipant", "streamsToPublishForParticipant"]),
    ("android@1.37.0", ["shouldPublishFromParticipant", "stageStreamsToPublishForParticipant"]),
    ("web@1.33.0", ["shouldPublishParticipant", "stageStreamsToPublish"]),
  ]

  @Test(arguments: names)
  func strategyQuestionsCarryThePlatformMethodName(sdk: String, expected: [String]) throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", sdk: sdk, publish: false)
    let events = try fixture.join("host", sdk: sdk)
    #expect(
      events.filter { $0.observer == "host" && $0.source == .strategy }.map(\.name) == expected)
    #expect(
      events.first { $0.kind == .shouldSubscribe }?.name == "shouldSubscribeToParticipant")
  }

  @Test func subscribeNoneAsksButDoesNotSubscribe() throws {
    let fixture = try EngineFixture()
    try fixture.join("viewer", publish: false, strategy: StrategySettings(subscribe: .none))
    let events = try fixture.join("host")
    #expect(events.first { $0.kind == .shouldSubscribe }?.answer == "none")
    #expect(!events.contains { $0.kind == .subscribeStarted })
  }

  @Test func refreshStrategyAppliesOnlyWhatChanged() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("viewer", publish: false)
    try fixture.stage.refreshStrategy(participant: "viewer")
    #expect(fixture.stage.drainEvents().map(\.kind) == [.shouldSubscribe])
    try fixture.stage.setStrategy(participant: "viewer", to: StrategySettings(subscribe: .none))
    try fixture.stage.refreshStrategy(participant: "viewer")
    #expect(
      fixture.stage.drainEvents().map(\.kind) == [
        .shouldSubscribe, .subscribeStateChanged, .subscribeStopped,
      ])
    try fixture.stage.setStrategy(participant: "host", to: StrategySettings(publish: .never))
    try fixture.stage.refreshStrategy(participant: "host")
    let events = fixture.stage.drainEvents()
    #expect(events.first?.kind == .shouldPublish && events.first?.answer == "false")
    #expect(fixture.stage.snapshot().participant("host")?.publish == .notPublished)
  }

  @Test func askLeavesQuestionPendingUntilAnswered() throws {
    let fixture = try EngineFixture()
    let events = try fixture.join("host", strategy: StrategySettings(publish: .ask))
    #expect(events.last?.answer == "pending")
    #expect(fixture.stage.snapshot().pendingQuestions.first?.name == "shouldPublishParticipant")
    try fixture.stage.answer(participant: "host", publish: false, by: .key)
    let answered = fixture.stage.drainEvents()
    #expect(answered.map(\.kind) == [.questionAnswered])
    #expect(answered.first?.participant == "host" && answered.first?.observer == "host")
    #expect(answered.first?.name == "shouldPublishParticipant")
    #expect(answered.first?.answer == "false" && answered.first?.reason == "key")
    #expect(fixture.stage.snapshot().pendingQuestions.isEmpty)
  }
}
