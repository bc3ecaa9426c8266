import Testing
import TokenCore

@testable import StageEngine

/// Lifetimes people write (ttl, advance) and lifetimes tokens carry (issue #8 §1, third class):
/// a load error naming the field where the file alone shows the problem, otherwise a rejection
/// event — the run goes on and no event is lost.
@Suite struct LifetimeArithmeticTests {
  static let huge = "106751991167300d"

  func runner(_ text: String) throws -> ScenarioRunner {
    let scenario = try Scenario(parsing: text, file: "t.json", baseDirectory: "/nonexistent")
    return try ScenarioRunner(scenario: scenario, file: "t.json")
  }

  @Test(arguments: [
    (
      #"{"participants": [{"id": "a", "ttl": "\#(huge)"}]}"#, "participants[0].ttl"
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"exchange": "a", "token": {"ttl": "\#(huge)"}}]}"#,
      "steps[1].token.ttl"
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"advance": "\#(huge)"}, {"advance": "\#(huge)"}, {"exchange": "a", "token": {"userId": "x"}}]}"#,
      "steps[0].advance"
    ),
    (
      #"{"participants": [{"id": "a", "ttl": "9223372036854775807s"}]}"#, "participants[0].ttl"
    ),
  ])
  func lifetimesBeyondTheCalendarAreLoadErrorsNamingTheField(text: String, field: String) {
    #expect {
      _ = try runner(text)
    } throws: { error in
      guard let error = error as? ScenarioError else { return false }
      return error.location == field && error.message.contains("too long")
    }
  }

  @Test func advancingPastTheCalendarStopsTheClockAndLaterExchangesStillMint() throws {
    let runner = try runner(
      #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"advance": "3652000d"}, {"advance": "3652000d"}, {"exchange": "a", "token": {"ttl": "3652000d"}}, {"exchange": "a", "token": {"userId": "x"}}]}"#
    )
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    #expect(runner.isFinished)
    #expect(runner.stage.clock.now == VirtualTime.latest)
    #expect(events.contains { $0.kind == .exchangeRejected })
    #expect(events.last?.kind == .tokenExchanged)
  }

  @Test(arguments: [(Int64.max, Int64(-1)), (Int64.max, Int64(0)), (Int64.min, Int64.max)])
  func aRawTokenWithUnrepresentableLifetimeMakesTheExchangeARejectionEvent(
    exp: Int64, iat: Int64
  ) throws {
    let key = try SigningKey.generate()
    var claims = try TokenClaims.forStage(
      "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456", participantID: "a",
      capabilities: Capabilities(publish: false, subscribe: true), issuedAt: 0, lifetime: 0)
    claims.exp = exp
    claims.iat = iat
    let raw = try TokenMinter.mint(
      claims, key: key, kid: "arn:aws:ivs:us-west-2:123456789012:public-key/raw")
    let runner = try runner(
      #"{"participants": [{"id": "a", "token": "\#(raw)"}], "steps": [{"join": "a"}, {"exchange": "a", "token": {"userId": "x"}}, {"advance": "1h"}]}"#
    )
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    #expect(runner.isFinished)
    let rejection = try #require(events.first { $0.kind == .exchangeRejected })
    let message = try #require(rejection.message)
    #expect(message.hasPrefix("no token to exchange: the app could not mint one: steps[1].token"))
    #expect(message.contains("exp"))
    #expect(events.last?.message == "advance 1h")
  }
}
