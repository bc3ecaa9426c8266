import Testing
import TokenCore

@testable import StageEngine

/// `attach`: a participant who joins a live session after the run began is registered then,
/// joins through the normal step path, and stays registered when time travel goes back past
/// its registration (so the steps after it run again); one declared again (known first from
/// the participant list alone) keeps that declaration the same way.
@Suite struct ScenarioRunnerRegisterTests {
  static let text = #"""
    {"participants": [{"id": "host", "sdk": "web@1.33.0", "capabilities": ["publish", "subscribe"]}],
     "steps": [{"join": "host"}, {"advance": "5s"}]}
    """#

  static var newcomer: ScenarioParticipant {
    ScenarioParticipant(
      id: "newcomer",
      sdk: SDKProfile(platform: .android, version: SemanticVersion(major: 1, minor: 37, patch: 0)),
      strategy: StrategySettings(publish: .never, subscribe: .audioVideo),
      token: .mint(TokenMintSpec(capabilities: Capabilities(publish: false, subscribe: true))))
  }

  func runner() throws -> ScenarioRunner {
    let scenario = try Scenario(parsing: Self.text, file: "t.json", baseDirectory: "/nonexistent")
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    runner.keepsCheckpoints = true
    while !runner.isFinished { try runner.step() }
    return runner
  }

  @Test func aRegisteredParticipantJoinsAndATakenIDIsRefused() throws {
    let runner = try runner()
    try runner.register(Self.newcomer)
    try runner.perform(.join("newcomer"), origin: "records")
    #expect(runner.stage.snapshot().participant("newcomer")?.connection != .disconnected)
    #expect(throws: ScenarioError.self) { try runner.register(Self.newcomer) }
  }

  @Test func goingBackPastARegistrationKeepsTheParticipantForTheStepsAfter() throws {
    let runner = try runner()
    try runner.register(Self.newcomer)
    try runner.perform(.join("newcomer"), origin: "records")
    let joined = runner.stage.snapshot().participant("newcomer")
    try runner.travel(to: 1)
    #expect(runner.stage.snapshot().participant("newcomer")?.connection == .disconnected)
    try runner.travel(to: 3)
    #expect(runner.stage.snapshot().participant("newcomer") == joined)
  }

  /// A viewer declared again while connected, never having published: it holds the new SDK,
  /// strategy and values from then on, also when a run with only its start kept (as a
  /// headless one) goes back past the declaration and replays the steps after it.
  @Test func aParticipantDeclaredAgainStaysSoAcrossTimeTravel() throws {
    let text = #"""
      {"participants": [{"id": "host", "sdk": "web@1.33.0", "capabilities": ["publish", "subscribe"]},
                        {"id": "viewer", "sdk": "web@1.33.0", "capabilities": ["subscribe"]}],
       "steps": [{"join": "host"}, {"join": "viewer"}, {"advance": "5s"}]}
      """#
    let scenario = try Scenario(parsing: text, file: "t.json", baseDirectory: "/nonexistent")
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    try runner.step()
    try runner.step()
    let viewer = ScenarioParticipant(
      id: "viewer", sdk: Self.newcomer.sdk, strategy: Self.newcomer.strategy,
      token: .mint(
        TokenMintSpec(capabilities: Capabilities(publish: false, subscribe: true), userId: "ann")))
    try runner.redeclare(viewer)
    try runner.step()
    let declared = try #require(runner.stage.snapshot().participant("viewer"))
    #expect(declared.sdk == viewer.sdk && declared.strategy == viewer.strategy)
    #expect(declared.metadata?.userId == "ann" && declared.connection == .connected)
    try runner.travel(to: 0)
    try runner.travel(to: 3)
    #expect(runner.stage.snapshot().participant("viewer")?.sdk == viewer.sdk)
    #expect(runner.stage.snapshot().participant("viewer")?.metadata?.userId == "ann")
  }

  @Test func aParticipantPublishingCannotBeDeclaredAgain() throws {
    let runner = try runner()
    #expect(runner.stage.snapshot().participant("host")?.publish == .published)
    #expect(throws: ScenarioError.self) {
      try runner.redeclare(
        ScenarioParticipant(
          id: "host", sdk: Self.newcomer.sdk, strategy: Self.newcomer.strategy,
          token: Self.newcomer.token))
    }
    #expect(runner.stage.snapshot().participant("host")?.sdk.platform == .web)
  }
}
