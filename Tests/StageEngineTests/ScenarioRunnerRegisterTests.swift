import Testing
import TokenCore

@testable import StageEngine

/// `attach`: a participant who joins a live session after the run began is registered then,
/// joins through the normal step path, and stays registered when time travel goes back past
/// its registration (so the steps after it run again).
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
}
