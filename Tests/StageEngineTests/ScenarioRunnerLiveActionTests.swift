import Testing
import TokenCore

@testable import StageEngine

/// Actions taken live in the UI go through the runner, so a later scripted
/// step sees the token the live action left behind.
@Suite struct ScenarioRunnerLiveActionTests {
  static let text = #"""
    {"participants": [{"id": "g", "sdk": "android@1.37.0", "capabilities": ["subscribe"]}],
     "steps": [{"join": "g"}, {"reconnect": "g"}]}
    """#

  func runner() throws -> ScenarioRunner {
    let scenario = try Scenario(parsing: Self.text, file: "t.json", baseDirectory: "/nonexistent")
    return try ScenarioRunner(scenario: scenario, file: "t.json")
  }

  @Test func mintedExchangeTokenReflectsTheSpecAndChangesNothing() throws {
    let runner = try runner()
    try runner.step()
    let before = runner.stage.snapshot()
    var spec = TokenMintSpec()
    spec.capabilities = Capabilities(publish: true, subscribe: true)
    let minted = try ParticipantToken.parse(try runner.mintExchangeToken(for: "g", spec: spec))
    #expect(minted.claims.capabilities == Capabilities(publish: true, subscribe: true))
    #expect(minted.claims.jti == "g")
    #expect(runner.stage.snapshot() == before)
  }

  @Test func liveExchangeIsRecordedAndUsedByLaterScriptedSteps() throws {
    let runner = try runner()
    try runner.step()
    _ = runner.stage.drainEvents()
    var spec = TokenMintSpec()
    spec.userId = "promoted"
    try runner.perform(.exchange("g", .mint(spec)), origin: "ui")
    let events = runner.stage.drainEvents()
    #expect(events.first?.kind == .step)
    #expect(events.first?.message?.hasPrefix("exchange g") == true)
    #expect(runner.history.map(\.verb) == ["join", "exchange"])
    #expect(events.contains { $0.kind == .exchangeAccepted })
    try runner.step()  // reconnect with the runner's current token
    let held = try ParticipantToken.parse(try #require(runner.currentToken(of: "g")))
    #expect(held.claims.userId == "promoted")
  }
}

/// What the token deck predicts from: the token an exchange step would mint, before it is
/// signed — the same header and claims, and the key that then signs it.
@Suite struct UnsignedExchangeTokenTests {
  @Test(arguments: [
    TokenMintSpec(userId: "promoted"), TokenMintSpec(key: .unknown),
    TokenMintSpec(origin: .createParticipantToken),
  ])
  func itIsTheMintedTokenBeforeItsSignature(_ spec: TokenMintSpec) throws {
    let runner = try ScenarioRunnerLiveActionTests().runner()
    try runner.step()
    let before = runner.stage.snapshot()
    let unsigned = try runner.unsignedExchangeToken(for: "g", spec: spec)
    let minted = try ParticipantToken.parse(try runner.mintExchangeToken(for: "g", spec: spec))
    #expect(unsigned.token.signingInput == minted.signingInput)
    #expect(runner.stage.snapshot() == before)
    let store = runner.stage.configuration.keys
    let signedVerdict = Result { () throws(TokenError) in
      try store.verify(minted, now: runner.stage.clock.now)
    }
    let predicted = Result { () throws(TokenError) in
      try store.verify(unsigned, now: runner.stage.clock.now)
    }
    #expect("\(signedVerdict)" == "\(predicted)")
  }
}
