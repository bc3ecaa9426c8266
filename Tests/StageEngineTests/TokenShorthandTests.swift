import JSONKit
import Testing
import TokenCore

@testable import StageEngine

/// Authoring shorthands for tokens: an already expired token by `"ttl": "-1h"` or
/// `"expired": true` (no epoch seconds by hand), and a first token from
/// CreateParticipantToken by `"origin"`; each survives a save and reload.
@Suite struct TokenShorthandTests {
  static let start = VirtualTime.defaultStart

  static func scenario(participant: String, steps: String = "[]") throws -> Scenario {
    try Scenario(
      parsing: #"{"participants": [\#(participant)], "steps": \#(steps)}"#, file: "t.json",
      baseDirectory: "/")
  }

  static func firstToken(_ participant: String) throws -> ParticipantToken {
    let runner = try ScenarioRunner(
      scenario: try scenario(participant: participant), file: "t.json")
    return try ParticipantToken.parse(try #require(runner.currentToken(of: "a")))
  }

  @Test func aNegativeTTLMakesATokenThatExpiredThatLongAgo() throws {
    let token = try Self.firstToken(#"{"id": "a", "ttl": "-1h"}"#)
    #expect(token.claims.exp == Self.start - 3600)
    #expect(token.claims.iat == Self.start - 3600 - 12 * 3600)
  }

  @Test func expiredTrueExpiresAtTheMomentItIsMinted() throws {
    let token = try Self.firstToken(#"{"id": "a", "expired": true}"#)
    #expect(token.claims.exp == Self.start)
    #expect(token.claims.iat == Self.start - 12 * 3600)
  }

  @Test func anExpiredFirstTokenCannotJoin() throws {
    let scenario = try Self.scenario(
      participant: #"{"id": "a", "ttl": "-1h"}"#,
      steps: #"[{"join": "a"}, {"expect": {"participant": "a", "connection": "disconnected"}}]"#)
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    try runner.run { _ in }
    #expect(runner.expectationFailures.isEmpty)
    #expect(runner.expectationCheckCount == 1)
  }

  @Test func anExchangeTokenCanBeExpiredToo() throws {
    let scenario = try Self.scenario(
      participant: #"{"id": "a"}"#,
      steps: #"[{"join": "a"}, {"exchange": "a", "token": {"ttl": "-30m", "userId": "x"}}]"#)
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    var kinds: [EventKind] = []
    try runner.run { events in kinds += events.map(\.kind) }
    #expect(kinds.contains(.exchangeRejected))
    #expect(!kinds.contains(.exchangeAccepted))
  }

  @Test func theFirstTokenCanComeFromCreateParticipantToken() throws {
    let token = try Self.firstToken(#"{"id": "a", "origin": "createParticipantToken"}"#)
    #expect(token.origin == .createParticipantToken)
    #expect(token.header.alg != "ES384")
  }

  @Test func mistakesAreLoadErrors() {
    #expect(throws: ScenarioError.self) {
      try Self.scenario(participant: #"{"id": "a", "ttl": "-1h", "expired": true}"#)
    }
    #expect(throws: ScenarioError.self) {
      try Self.scenario(participant: #"{"id": "a", "ttl": "-1x"}"#)
    }
    #expect(throws: ScenarioError.self) {
      try Self.scenario(participant: #"{"id": "a", "token": "a.b.c", "expired": true}"#)
    }
  }

  @Test func theShorthandsSurviveASaveAndReload() throws {
    let scenario = try Self.scenario(
      participant:
        #"{"id": "a", "ttl": "-1h", "origin": "createParticipantToken"}, {"id": "b", "expired": true}"#,
      steps: #"[{"exchange": "b", "token": {"ttl": "-2h"}}]"#)
    let text = ScenarioEncoder.text(scenario)
    #expect(text.contains(#""ttl": "-1h""#))
    #expect(text.contains(#""expired": true"#))
    #expect(text.contains(#""origin": "createParticipantToken""#))
    #expect(text.contains(#""ttl": "-2h""#))
    let again = try Scenario(parsing: text, file: "t.json", baseDirectory: "/")
    #expect(ScenarioEncoder.text(again) == text)
  }
}

/// Recording assertions captures what a composition believes, STALE included, and the
/// captured steps hold when run.
@Suite struct CompositionCaptureTests {
  @Test func aCompositionsStaleBeliefIsCaptured() throws {
    let scenario = try Scenario(
      parsing: """
        { "composition": { "updates": "on-reconnect" },
          "participants": [{ "id": "host", "capabilities": ["publish", "subscribe"], "attributes": { "seat": "1" } }],
          "steps": [{ "join": "host" },
                    { "exchange": "host", "token": { "attributes": { "seat": "2" } } }] }
        """, file: "t.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    try runner.run { _ in }
    let steps = runner.stage.snapshot().expectSteps(capturing: "host")
    let text = steps.map { JSONWriter.compact($0) }
    #expect(
      text.contains(
        #"{"expect":{"observer":"main","sees":"host","as":"stale","userId":null,"attributes":{"seat":"1"}}}"#
      ), "\(text)")
    let again = try scenario.decodeSteps(
      JSONWriter.compact(.array(steps)), origin: "expect", compositions: ["main"])
    for step in again { try runner.perform(step, origin: "ui:expect") }
    #expect(runner.expectationFailures.isEmpty, "\(runner.expectationFailures)")
  }
}
