import Foundation
import JSONKit
import StandInHarness
import Testing

/// `stagemon fetch` and `explain --stage` against the stand-in IVS server.
@Suite(.enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct LiveFetchTests {
  @Test func fetchWritesWhatTheServerHoldsWithEveryPageMerged() throws {
    let live = try LiveFixture()
    let result = try live.run(["fetch", LiveFixture.stageArn, "--out", "out"])
    #expect(result.status == 0, "\(result.stderr)")
    let participants = try live.json("out/list-participants.json")["participants"]?.arrayValue
    #expect(
      Set(participants?.compactMap { $0["participantId"]?.stringValue } ?? []) == [
        "host", "viewer",
      ])
    let events = try #require(try live.json("out/viewer.events.json")["events"]?.arrayValue)
    #expect(
      events.compactMap { $0["name"]?.stringValue } == [
        "TOKEN_EXCHANGED", "SUBSCRIBE_STARTED", "JOINED",
      ])
    #expect(
      try live.json("out/get-participant.host.json")["participant"]?["sdkVersion"]?.stringValue
        == "1.32.0")
    #expect(
      try live.json("out/get-stage-session.json")["stageSession"]?["sessionId"]?.stringValue
        == "st-LiveSession01")
    let manifest = try live.json("out/manifest.json")
    #expect(manifest["kind"]?.stringValue == "stagemon-fetch-manifest")
    #expect(manifest["version"]?.integerValue == 1)
    #expect(manifest["stageArn"]?.stringValue == LiveFixture.stageArn)
    #expect(manifest["complete"]?.boolValue == true)
    #expect(manifest["problems"]?.arrayValue == [])
    #expect(manifest["fetchedAt"]?.stringValue?.hasSuffix("Z") == true)
    let requests = try live.server.count("total")
    #expect(manifest["requestCount"]?.integerValue == Int64(requests))
    #expect(try live.server.count("bodies") == requests)
    #expect(try live.server.count("requests.ListParticipantEvents") == 3)
    #expect(
      manifest.objectValue?.map(\.key) == [
        "kind", "version", "stageArn", "sessionId", "fetchedAt", "requestCount", "complete",
        "problems",
      ])
  }

  @Test func withoutAnActiveSessionTheOneThatStartedLastIsFetched() throws {
    let newer = LiveFixture.session.replacingOccurrences(
      of: #""startedSecondsAgo":600"#, with: #""startedSecondsAgo":600,"endedSecondsAgo":60"#)
    let live = try LiveFixture(sessions: [LiveFixture.oldSession, newer])
    let result = try live.run(["fetch", LiveFixture.stageArn])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try live.json("st-LiveSession01/manifest.json")["sessionId"]?.stringValue
        == "st-LiveSession01")
    #expect(try live.server.count("requests.ListStageSessions") == 1)
  }

  @Test func aNamedSessionIsFetchedAndAFolderOfAnotherSessionIsRefused() throws {
    let live = try LiveFixture()
    let first = try live.run([
      "fetch", LiveFixture.stageArn, "--session", "st-OldSession001", "--out", "f",
    ])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try live.json("f/list-participants.json")["participants"]?.arrayValue?.count == 1)
    let second = try live.run(["fetch", LiveFixture.stageArn, "--out", "f"])
    #expect(second.status == 1)
    #expect(second.stderr.contains("already holds session st-OldSession001"))
  }

  @Test func explainOfAFetchedStageEqualsExplainOfTheSameRecordsAsFiles() throws {
    let live = try LiveFixture()
    let fetched = try live.run(["fetch", LiveFixture.stageArn, "--out", "records"])
    #expect(fetched.status == 0, "\(fetched.stderr)")
    let fromFiles = try live.run(["explain", "records", "--sdk", "viewer=web@1.33.0"])
    let fromStage = try live.run([
      "explain", "--stage", LiveFixture.stageArn, "--sdk", "viewer=web@1.33.0",
    ])
    #expect(fromStage.status == fromFiles.status)
    #expect(fromStage.stdout == fromFiles.stdout)
    #expect(fromStage.stdout.contains("TOKEN_EXCHANGED viewer"))
  }

  @Test func throttlingIsSurvived() throws {
    let live = try LiveFixture()
    try live.server.inject("Throttle", operation: "ListParticipantEvents", count: 2)
    let result = try live.run(["fetch", LiveFixture.stageArn, "--out", "out"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try live.json("out/manifest.json")["complete"]?.boolValue == true)
    #expect(try live.server.count("rejected.ThrottlingException") == 2)
  }

  @Test func theDefaultPaceIsKeptAndTheServerNeverThrottles() throws {
    let live = try LiveFixture(sessions: [], extra: #","generate":{"participants":12}"#)
    let result = try live.run(["fetch", LiveFixture.stageArn, "--out", "out"])
    #expect(result.status == 0, "\(result.stderr)")
    let stats = try live.server.stats()
    let peaks = stats["maxPerSecond"] as? [String: Int] ?? [:]
    #expect(peaks["GetParticipant"] ?? 99 <= 4)
    #expect(peaks["ListParticipantEvents"] ?? 99 <= 4)
    #expect(try live.server.count("throttled") == 0)
    #expect(try live.server.count("requests.GetParticipant") == 12)
  }

  @Test func aProfileInTheCredentialsFileIsUsed() throws {
    let live = try LiveFixture()
    let file = live.folder.appendingPathComponent("creds")
    try Data(
      "[qa]\naws_access_key_id = \(LiveFixture.accessKey)\naws_secret_access_key = \(LiveFixture.secret)\n"
        .utf8
    ).write(to: file)
    let result = try live.run(
      ["fetch", LiveFixture.stageArn, "--profile", "qa", "--out", "out"],
      environment: [
        "AWS_ACCESS_KEY_ID": "AKIDWRONG", "AWS_SECRET_ACCESS_KEY": "wrong",
        "AWS_SHARED_CREDENTIALS_FILE": file.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func credentialProcessBringsSSOStyleCredentials() throws {
    let live = try LiveFixture(account: #","sessionToken":"FwoGZXIvYXdzSESSION""#)
    let script = live.folder.appendingPathComponent("sso.sh")
    try Data(
      """
      #!/bin/sh
      echo '{"Version": 1, "AccessKeyId": "\(LiveFixture.accessKey)", "SecretAccessKey": "\(LiveFixture.secret)", "SessionToken": "FwoGZXIvYXdzSESSION", "Expiration": "2099-01-01T00:00:00Z"}'
      """.utf8
    ).write(to: script)
    chmod(script.path, 0o755)
    let config = live.folder.appendingPathComponent("config")
    try Data("[profile sso]\ncredential_process = \(script.path)\n".utf8).write(to: config)
    let result = try live.run(
      ["fetch", LiveFixture.stageArn, "--out", "out"],
      environment: [
        "AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_PROFILE": "sso",
        "AWS_CONFIG_FILE": config.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// A credential_process whose session the service calls expired mid-run (long before its
  /// `Expiration`): the command runs once more and the request is sent again.
  @Test func expiredCredentialsRunCredentialProcessAgainAndRetryOnce() throws {
    let live = try LiveFixture(account: #","sessionToken":"FwoGZXIvYXdzSESSION""#)
    let runs = live.folder.appendingPathComponent("runs")
    let script = live.folder.appendingPathComponent("sso.sh")
    try Data(
      """
      #!/bin/sh
      echo run >> '\(runs.path)'
      echo '{"Version": 1, "AccessKeyId": "\(LiveFixture.accessKey)", "SecretAccessKey": "\(LiveFixture.secret)", "SessionToken": "FwoGZXIvYXdzSESSION", "Expiration": "2099-01-01T00:00:00Z"}'
      """.utf8
    ).write(to: script)
    chmod(script.path, 0o755)
    let config = live.folder.appendingPathComponent("config")
    try Data("[profile sso]\ncredential_process = \(script.path)\n".utf8).write(to: config)
    try live.server.inject("ExpiredToken", operation: "ListParticipants", count: 1)
    let result = try live.run(
      ["fetch", LiveFixture.stageArn, "--out", "out"],
      environment: [
        "AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_PROFILE": "sso",
        "AWS_CONFIG_FILE": config.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let ran = try String(contentsOf: runs, encoding: .utf8).split(separator: "\n").count
    #expect(ran == 2)
  }

  /// Keys from the environment cannot be renewed: an expired-token answer is reported, not
  /// retried.
  @Test func expiredStaticCredentialsAreReportedWithoutARetry() throws {
    let live = try LiveFixture()
    try live.server.resetStats()
    try live.server.inject("ExpiredToken", operation: "GetStage", count: 1)
    let result = try live.run(["fetch", LiveFixture.stageArn, "--out", "out"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("expired"), "\(result.stderr)")
    #expect(try live.server.count("requests.GetStage") == 1)
  }

  @Test func keysAreRegisteredListedAndDeletedAndTokensCreated() throws {
    let live = try LiveFixture()
    #expect(try live.run(["token", "keygen", "--out", "key"]).status == 0)
    let registered = try live.run([
      "key", "register", "key", "--name", "qa", "--region", "us-west-2",
    ])
    #expect(registered.status == 0, "\(registered.stderr)")
    let arn = registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(arn.hasPrefix("arn:aws:ivs:us-west-2:123456789012:public-key/"))
    let kid = try String(contentsOf: live.folder.appendingPathComponent("key/kid"), encoding: .utf8)
    #expect(kid.trimmingCharacters(in: .whitespacesAndNewlines) == arn)
    #expect(try live.run(["key", "list", "--region", "us-west-2"]).stdout.contains("\(arn)  qa"))
    #expect(try live.run(["key", "delete", arn]).status == 0)
    #expect(!(try live.run(["key", "list", "--region", "us-west-2"]).stdout.contains(arn)))
    let token = try live.run(["token", "create", LiveFixture.stageArn, "--user-id", "qa"])
    #expect(token.status == 0, "\(token.stderr)")
    #expect(token.stdout.hasPrefix("eyJ"))
    #expect(token.stderr.contains("cannot be exchanged"))
  }
}
