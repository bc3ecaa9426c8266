import Foundation
import StandInHarness
import Testing

/// Every error of the live commands reads as something a person can act on, exits 1 and
/// never shows the secret.
@Suite(.enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct LiveErrorTests {
  static func expectActionable(_ result: StagemonBinary.Output, _ phrases: [String]) {
    #expect(result.status == 1, "\(result.stderr)")
    for phrase in phrases {
      #expect(result.stderr.contains(phrase), "\(phrase) in \(result.stderr)")
    }
    #expect(!(result.stdout + result.stderr).contains(LiveFixture.secret))
    #expect(!(result.stdout + result.stderr).contains("Secret+KEY"))
  }

  @Test func noCredentialsSaysWhereItLooked() throws {
    let live = try LiveFixture()
    let result = try live.run(
      ["fetch", LiveFixture.stageArn],
      environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""])
    Self.expectActionable(
      result,
      [
        "no AWS credentials found", "AWS_ACCESS_KEY_ID", ".aws/credentials", ".aws/config",
        "credential_process",
      ])
  }

  @Test func accessDeniedNamesTheActionAndAMinimalPolicy() throws {
    let live = try LiveFixture(account: #","deny":["ivs:ListParticipantEvents"]"#)
    let result = try live.run(["fetch", LiveFixture.stageArn])
    Self.expectActionable(
      result,
      ["ivs:ListParticipantEvents", "AccessDeniedException", #""Action": ["#, LiveFixture.stageArn])
  }

  @Test func aStageThatDoesNotExistIsNamed() throws {
    let live = try LiveFixture()
    let missing = "arn:aws:ivs:us-west-2:123456789012:stage/NoSuchStage"
    Self.expectActionable(try live.run(["fetch", missing]), ["not found", missing])
  }

  @Test func aSessionThatDoesNotExistIsNamed() throws {
    let live = try LiveFixture()
    let result = try live.run(["fetch", LiveFixture.stageArn, "--session", "st-NoSuchSession"])
    Self.expectActionable(result, ["not found", "session st-NoSuchSession", LiveFixture.stageArn])
  }

  @Test func expiredCredentialsSayHowToRefreshThem() throws {
    let live = try LiveFixture(account: #","expired":true"#)
    let result = try live.run(["fetch", LiveFixture.stageArn])
    // The fixture's keys are in the environment: the message names that source, no other.
    Self.expectActionable(result, ["expired", "environment variables", "AWS_SESSION_TOKEN"])
    #expect(!result.stderr.contains("credential_process"), "\(result.stderr)")
  }

  @Test func aSignatureMismatchPointsAtTheSecretOrTheClock() throws {
    let live = try LiveFixture()
    let result = try live.run(
      ["fetch", LiveFixture.stageArn], environment: ["AWS_SECRET_ACCESS_KEY": "not/the+secret"])
    Self.expectActionable(result, ["signature does not match", LiveFixture.accessKey, "clock"])
    #expect(!result.stderr.contains("not/the+secret"))
  }

  @Test func throttlingThatOutlastsTheRetriesSaysSo() throws {
    let live = try LiveFixture()
    try live.server.inject("Throttle", operation: "GetStage", count: 3)
    Self.expectActionable(
      try live.run(["fetch", LiveFixture.stageArn]), ["kept throttling ivs:GetStage", "--max-rps"])
    #expect(try live.server.count("requests.GetStage") == 3)
  }

  @Test func aSessionWithNoParticipantsSaysThereIsNothingToExplain() throws {
    let empty = #"{"sessionId":"st-EmptySession1","startedSecondsAgo":60,"participants":[]}"#
    let live = try LiveFixture(sessions: [empty])
    Self.expectActionable(
      try live.run(["explain", "--stage", LiveFixture.stageArn]),
      ["st-EmptySession1", "no participants"])
  }

  @Test func aSkewedClockIsCorrectedAndTheFetchSucceeds() throws {
    let live = try LiveFixture(extra: #","clockOffset":900"#)
    let result = try live.run(["fetch", LiveFixture.stageArn, "--out", "out"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try live.server.count("rejected.InvalidSignatureException") == 1)
  }
}
