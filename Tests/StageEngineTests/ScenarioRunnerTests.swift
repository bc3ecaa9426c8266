import Foundation
import Testing
import TokenCore

@testable import StageEngine

@Suite struct ScenarioRunnerTests {
  func runner(_ text: String, base: String = "/nonexistent") throws -> ScenarioRunner {
    let scenario = try Scenario(parsing: text, file: "t.json", baseDirectory: base)
    return try ScenarioRunner(scenario: scenario, file: "t.json")
  }

  func failure(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  @Test func answerWithoutAPendingQuestionStopsWithTheStepIndex() throws {
    let runner = try runner(
      #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"answer": "a", "publish": true}, {"leave": "a"}]}"#
    )
    let message = failure { try runner.run { _ in } }
    #expect(
      message.hasPrefix("t.json:1:58: step 2 (steps[1]): answer cannot run:"), "got \(message)")
    #expect(runner.nextStepIndex == 2)
  }

  @Test func exchangeOnAnSDKWithoutExchangeTokenIsARunnerError() throws {
    let runner = try runner(
      #"{"participants": [{"id": "w", "sdk": "web@1.32.0"}], "steps": [{"join": "w"}, {"exchange": "w", "token": {"userId": "x"}}]}"#
    )
    let message = failure { try runner.run { _ in } }
    #expect(
      message.contains("step 2 (steps[1]): exchange cannot run: web@1.32.0 has no exchangeToken"))
  }

  @Test func stepByStepReturnsEachStepThenNil() throws {
    let runner = try runner(
      #"{"participants": [{"id": "a", "capabilities": ["publish"]}], "steps": [{"join": "a"}, {"advance": "1h"}]}"#
    )
    #expect(try runner.step()?.verb == "join")
    let joined = runner.stage.drainEvents()
    #expect(joined.first?.kind == .step)
    #expect(joined.first?.message == "join a")
    #expect(joined.contains { $0.kind == .publishStarted && $0.participant == "a" })
    #expect(try runner.step()?.verb == "advance")
    #expect(runner.stage.clock.now == VirtualTime.defaultStart + 3600)
    #expect(try runner.step() == nil)
    #expect(runner.isFinished)
  }

  @Test func firstTokensAreMintedFromTheShorthandWithA12HourDefault() throws {
    let runner = try runner(
      #"{"participants": [{"id": "a", "userId": "alice", "capabilities": ["subscribe"], "attributes": {"k": "v"}}, {"id": "b", "ttl": "1h"}]}"#
    )
    let a = try ParticipantToken.parse(try #require(runner.currentToken(of: "a")))
    #expect(a.claims.jti == "a")
    #expect(a.claims.userId == "alice")
    #expect(a.claims.capabilities == Capabilities(subscribe: true))
    #expect(a.claims.attributes == ["k": "v"])
    #expect(a.claims.exp - a.claims.iat == 12 * 3600)
    #expect(a.claims.topic == "AbCdEf123456")
    let b = try ParticipantToken.parse(try #require(runner.currentToken(of: "b")))
    #expect(b.claims.exp - b.claims.iat == 3600)
  }

  @Test func exchangeMintsRelativeToTheCurrentTokenAndTracksAcceptance() throws {
    let runner = try runner(
      """
      {"participants": [{"id": "a", "userId": "alice", "capabilities": ["subscribe"], "attributes": {"k": "v"}}],
       "steps": [{"join": "a"}, {"advance": "1h"},
                 {"exchange": "a", "token": {"attributes": {"seat": "1"}}},
                 {"exchange": "a", "token": {"claims": {"topic": "Other"}}}]}
      """)
    try runner.run { _ in }
    let token = try ParticipantToken.parse(try #require(runner.currentToken(of: "a")))
    #expect(token.claims.userId == "alice")
    #expect(token.claims.attributes == ["seat": "1"])
    #expect(token.claims.iat == VirtualTime.defaultStart + 3600)
    #expect(token.claims.exp - token.claims.iat == 12 * 3600)
    #expect(token.claims.topic == "AbCdEf123456")
  }

  @Test func wronglyTypedClaimOverrideFailsBeforeAnythingRuns() {
    let message = failure {
      _ = try runner(
        #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"exchange": "a", "token": {"claims": {"exp": "soon"}}}]}"#
      )
    }
    #expect(message.hasPrefix("t.json: step 2 (steps[1].token.claims.exp):"), "got \(message)")
  }

  @Test func missingKeyFileIsReportedAtItsPath() {
    let message = failure {
      _ = try runner(
        #"{"keys": [{"arn": "arn:aws:ivs:us-west-2:123456789012:public-key/k1", "privateKey": "k1.pem"}], "participants": []}"#,
        base: "/nonexistent")
    }
    #expect(message == "t.json: keys[0].privateKey: /nonexistent/k1.pem: no such file")
  }

  @Test func keysLoadFromPEMFilesRelativeToTheScenario() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-runner-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = try SigningKey.generate()
    try key.write(toFile: directory.appendingPathComponent("k1.pem").path)
    let arn = "arn:aws:ivs:us-west-2:123456789012:public-key/k1"
    let runner = try runner(
      #"{"keys": [{"arn": "\#(arn)", "privateKey": "k1.pem"}], "participants": [{"id": "a"}]}"#,
      base: directory.path)
    let token = try ParticipantToken.parse(try #require(runner.currentToken(of: "a")))
    #expect(token.header.kid == arn)
    #expect(token.verifySignature(with: key.publicKey))
  }

  @Test func rawExchangeTokensAreNeverEchoedInStepEvents() throws {
    let runner = try runner(
      #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"exchange": "a", "token": {"raw": "aaaa.bbbb.secret-signature"}}]}"#
    )
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    let messages = events.compactMap(\.message).joined(separator: "\n")
    #expect(!messages.contains("secret-signature"))
    #expect(messages.contains("exchange a raw token (26 bytes)"))
  }
}
