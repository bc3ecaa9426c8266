import Foundation
import IVSRules
import Testing
import TokenCore

@testable import StageEngine

/// The model decides through the book: every rule of the book is used by some decision of the
/// model, and every event that reports a decision names the rule that made it.
@Suite struct RuleCoverageTests {
  static let days: [ServiceDate?] = [
    nil, ServiceDate(secondsSince1970: 1_764_547_200),  // 2025-12-01
  ]

  /// Every bundled scenario on its own day and on 2025-12-01: the runner and its events.
  static func bundledRuns() throws -> [(name: String, runner: ScenarioRunner, events: [StageEvent])]
  {
    var runs: [(name: String, runner: ScenarioRunner, events: [StageEvent])] = []
    for name in ScenarioGoldenTests.names {
      for day in days {
        var scenario = try Scenario(contentsOfFile: ScenarioGoldenTests.path(name))
        scenario.asOf = day ?? scenario.asOf
        let runner = try ScenarioRunner(scenario: scenario, file: name)
        var events: [StageEvent] = []
        try runner.run { events += $0 }
        runs.append((name, runner, events))
      }
    }
    return runs
  }

  /// Decisions the bundled scenarios do not make, made on a stage directly.
  static func extraDecisions() throws -> Set<RuleID> {
    let fixture = try EngineFixture()
    let stage = fixture.stage
    let key = try #require(EngineFixture.key)
    // An IVS-issued token (CreateParticipantToken, alg KMS) is trusted at join.
    try stage.addParticipant(id: "kms", sdk: SDKProfile(parsing: "android@1.37.0"))
    let kms = TokenMinter.mintCreateParticipantTokenStyle(EngineFixture.claims("kms"))
    #expect(try stage.join(participant: "kms", token: kms) == .done)
    // Refused at join: a token living 15 days, a user_id over 128 characters, an unknown key.
    try stage.addParticipant(id: "long", sdk: SDKProfile(parsing: "web@1.33.0"))
    let long = try EngineFixture.token(EngineFixture.claims("long", ttl: 15 * 86_400))
    #expect(try stage.join(participant: "long", token: long) != .done)
    try stage.addParticipant(id: "named", sdk: SDKProfile(parsing: "ios@1.37.0"))
    let named = try EngineFixture.token(
      EngineFixture.claims("named", userId: String(repeating: "n", count: 129)))
    #expect(try stage.join(participant: "named", token: named) != .done)
    try stage.addParticipant(id: "stranger", sdk: SDKProfile(parsing: "android@1.37.0"))
    let stranger = try TokenMinter.mint(
      EngineFixture.claims("stranger"), key: key,
      kid: "arn:aws:ivs:us-west-2:123456789012:public-key/Unknown")
    #expect(try stage.join(participant: "stranger", token: stranger) != .done)
    // An exchange before joining; one that gains and one that loses subscribe.
    try stage.addParticipant(id: "early", sdk: SDKProfile(parsing: "ios@1.37.0"))
    _ = try stage.exchangeToken(
      participant: "early", newToken: EngineFixture.token(EngineFixture.claims("early")))
    try fixture.join("host")
    try fixture.join("viewer", publish: false, subscribe: false)
    _ = try fixture.exchange("viewer", publish: false, subscribe: true)
    _ = try fixture.exchange("viewer", publish: false, subscribe: false)
    // A PiP composition with its PiP attribute.
    try stage.startComposition(
      id: "pip",
      configuration: CompositionConfiguration(layout: .pip, pipParticipantAttribute: "pip"))
    // DisconnectParticipant: the participant leaves, and its token never joins again.
    try stage.disconnect(participant: "viewer")
    // The stage is deleted: everyone leaves, no one joins.
    stage.deleteStage()
    return stage.rulesApplied
  }

  @Test func everyRuleInTheBookIsUsedBySomeDecision() throws {
    var used = try Self.extraDecisions()
    for run in try Self.bundledRuns() { used.formUnion(run.runner.stage.rulesApplied) }
    let unused = RuleID.allCases.filter { !used.contains($0) }
    #expect(unused.isEmpty, "rules no decision of the model used: \(unused.map(\.rawValue))")
  }

  /// Events that report a decision: what an observer is told of another participant, every
  /// error and refusal, beliefs, layouts, and strategy questions.
  static func isDecision(_ event: StageEvent) -> Bool {
    switch event.kind {
    case .step, .expectFailed, .questionAnswered, .compositionStopped: return false
    case .error, .exchangeRejected, .joinError, .publishError, .beliefChanged, .layoutChanged,
      .compositionStarted, .participantMetadataUpdated, .stageLeft, .shouldPublish,
      .exchangeAccepted, .tokenExchanged:
      return true
    default:
      guard event.source == .client || event.source == .strategy else { return false }
      return event.observer != nil && event.observer != event.participant
    }
  }

  @Test func everyDecisionOfTheBundledScenariosNamesARuleOfTheBook() throws {
    var decisions = 0
    for run in try Self.bundledRuns() {
      for event in run.events where Self.isDecision(event) {
        decisions += 1
        #expect(event.rule != nil, "\(run.name): \(event.line) names no rule")
      }
    }
    #expect(decisions > 100)
  }

  @Test func anObserversMetadataEventNamesItsSDKsRule() throws {
    let fixture = try EngineFixture()
    try fixture.join("host")
    try fixture.join("web", sdk: "web@1.33.0", publish: false)
    try fixture.join("old", sdk: "android@1.36.0", publish: false)
    let (_, events) = try fixture.exchange("host", attributes: ["seat": "1"])
    let web = events.first { $0.kind == .participantMetadataUpdated && $0.observer == "web" }
    #expect(web?.rule == .visibilityMetadataEventWeb)
    let stale = events.first { $0.kind == .beliefChanged && $0.observer == "old" }
    #expect(stale?.rule == .visibilityRepublishOnly)
    #expect(fixture.stage.rulesApplied.contains(.exchangeAvailableMobile))
  }

  @Test func aRefusedJoinNamesTheRuleThatRefusedIt() throws {
    let fixture = try EngineFixture()
    let stage = fixture.stage
    try stage.addParticipant(id: "long", sdk: SDKProfile(parsing: "ios@1.37.0"))
    let long = try EngineFixture.token(EngineFixture.claims("long", ttl: 15 * 86_400))
    _ = try stage.join(participant: "long", token: long)
    let error = stage.drainEvents().first { $0.kind == .error }
    #expect(error?.rule == .tokenMaximumLifetime)
  }
}
