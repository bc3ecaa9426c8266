import Foundation
import StandInHarness
import Testing

/// An endpoint that is not IVS — a redirect, a session ID that is a path, an answer that
/// inflates without end, a server that accepts and never answers — cannot turn `fetch` against
/// the user: each ends with a message naming what happened, and nothing is written or sent
/// where it should not be (issue #32 items 1, 2, 3, 8, 9; #33 §3's deadlines).
@Suite(.enabled(if: StandInServer.enabled, "needs python3 with botocore (pip install botocore)"))
struct HostileEndpointTests {
  /// The folder's entries but the dot folders the binary's HOME gets (`.cache`) — a fetch's
  /// own hidden temporary folder (`.f.….tmp`) would still show as it is not a known one.
  func listing(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { ![".cache", ".local", ".config"].contains($0) }.sorted()
  }

  @Test func aRedirectIsRefusedNamingItsTargetAndNothingSignedGoesThere() throws {
    let live = try LiveFixture()
    let target = try LiveFixture()
    let location = "http://localhost:\(target.server.port)/GetStage"
    try live.server.respond(
      #"{"status":307,"headers":{"Location":"\#(location)"}}"#, operation: "GetStage", count: 5)
    let result = try live.run(["fetch", LiveFixture.stageArn])
    LiveErrorTests.expectActionable(
      result,
      [
        "redirected GetStage (HTTP 307) to \"\(location)\"", "follows no redirect",
        "nothing was sent there",
      ])
    #expect(try target.server.count("total") == 0)
    #expect(try live.server.count("requests.GetStage") == 1)
    #expect(listing(live.folder).isEmpty)
  }

  @Test(arguments: ["../escaped", "/tmp/stagemon-escaped", "st-LiveSession01/../../x"])
  func aSessionIDTheServerSendsIsUsedOnlyWithTheAPIsShape(_ id: String) throws {
    let live = try LiveFixture()
    let body = #"{"stage":{"arn":"\#(LiveFixture.stageArn)","activeSessionId":"\#(id)"}}"#
    let encoded = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
    try live.server.respond(#"{"body":\#(encoded)}"#, operation: "GetStage")
    let work = live.folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let result = try StagemonBinary.run(
      ["fetch", LiveFixture.stageArn], environment: live.environment, directory: work)
    LiveErrorTests.expectActionable(
      result, ["stage.activeSessionId", "is not a session ID (st- and 13 letters or digits)"])
    #expect(listing(live.folder) == ["work"])
    #expect(listing(work).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/stagemon-escaped"))
  }

  @Test(arguments: [
    #"{"gzipZeros":67108864}"#, #"{"bodyBytes":20971520}"#,
  ])
  func anAnswerLargerThanTheCapIsRefusedWithoutRetrying(_ answer: String) throws {
    let live = try LiveFixture()
    try live.server.respond(answer, operation: "GetStage", count: 5)
    let result = try live.run(["fetch", LiveFixture.stageArn])
    LiveErrorTests.expectActionable(
      result, ["the answer to GetStage from \(live.server.endpoint) is larger than 16 MB"])
    #expect(try live.server.count("requests.GetStage") == 1)
  }

  /// Silence and an answer sent a byte at a time both end at the whole-request deadline (the
  /// gap between reads never reaches 30 s), with the operation, endpoint and time in words.
  @Test(arguments: [#"{"silent":true}"#, #"{"body":"{\"stage\":{}}","dribble":0.3}"#])
  func aRequestEndsAtItsWholeRequestTimeout(_ answer: String) throws {
    let live = try LiveFixture()
    try live.server.respond(answer, operation: "GetStage", count: 10)
    let started = Date()
    let result = try live.run(["fetch", LiveFixture.stageArn, "--request-timeout", "1"])
    LiveErrorTests.expectActionable(
      result, ["GetStage to \(live.server.endpoint) got no whole answer in 1 second"])
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test func theCommandEndsAtItsTotalTimeout() throws {
    let live = try LiveFixture()
    try live.server.respond(#"{"silent":true}"#, operation: "GetStage", count: 10)
    let result = try live.run(["fetch", LiveFixture.stageArn, "--total-timeout", "2"])
    LiveErrorTests.expectActionable(
      result,
      [
        "the command's time was up (2 seconds in all, --total-timeout) during GetStage to "
          + live.server.endpoint
      ])
  }

  /// HTTPS_PROXY is honoured as the AWS CLI honours it: the tunnel to the endpoint is asked of
  /// the proxy (here the stand-in, which refuses it), unless NO_PROXY names the host.
  @Test func httpsProxyCarriesTheRequestUnlessNoProxyNamesTheHost() throws {
    let live = try LiveFixture()
    let arguments = [
      "fetch", LiveFixture.stageArn, "--endpoint-url", "https://ivs.stagemon.invalid",
      "--total-timeout", "20",
    ]
    func connects() throws -> [String] { try live.server.stats()["connects"] as? [String] ?? [] }
    let proxied = try live.run(
      arguments, environment: ["HTTPS_PROXY": live.server.endpoint, "NO_PROXY": "example.com"])
    #expect(proxied.status == 1)
    let tunnels = try connects()
    #expect(!tunnels.isEmpty && tunnels.allSatisfy { $0 == "ivs.stagemon.invalid:443" })
    let direct = try live.run(
      arguments,
      environment: ["HTTPS_PROXY": live.server.endpoint, "NO_PROXY": "ivs.stagemon.invalid"])
    #expect(direct.status == 1)
    #expect(try connects().count == tunnels.count)
  }

  /// A certificate no trusted CA signed is refused, and the message says what it was checked
  /// against; a quick failure under a short --total-timeout is not called the deadline.
  @Test func anUntrustedCertificateIsRefusedNamingTheBundleItWasCheckedAgainst() throws {
    let live = try LiveFixture()
    let tls = try TLSStandIn(in: live.folder.path, selfSigned: true)
    let result = try live.run(
      [
        "fetch", LiveFixture.stageArn, "--endpoint-url", tls.endpoint,
        "--total-timeout", "20",
      ])
    LiveErrorTests.expectActionable(
      result,
      [
        "TLS with \(tls.endpoint) failed (SSL certificate problem",
        "checked against the system's CA certificates (/etc/ssl/certs/ca-certificates.crt)",
      ])
    #expect(!result.stderr.contains("time was up"))
  }

  @Test func theTimeoutsAreStatedInHelp() throws {
    let help = try StagemonBinary.run(["fetch", "--help"]).stdout
    #expect(help.contains("--request-timeout S"))
    #expect(help.contains("--total-timeout S"))
  }

  @Test func plainHTTPToAnotherMachineIsWarnedOnceAndLoopbackIsNot() throws {
    let live = try LiveFixture()
    let remote = try live.run(
      [
        "fetch", LiveFixture.stageArn, "--out", "remote", "--endpoint-url",
        "http://0.0.0.0:\(live.server.port)",
      ])
    #expect(remote.status == 0, "\(remote.stderr)")
    #expect(remote.stderr.components(separatedBy: "plain http://").count == 2, "\(remote.stderr)")
    let local = try live.run(["fetch", LiveFixture.stageArn, "--out", "local"])
    #expect(local.status == 0)
    #expect(!local.stderr.contains("plain http://"))
  }

  /// A write that fails half-way (a file-size limit) leaves no folder, so a rerun is never
  /// refused as "already holds other files"; a fetched folder is 0700 whatever the umask.
  @Test func aFetchThatCannotWriteLeavesNothingAndItsFolderIsPrivate() throws {
    let live = try LiveFixture()
    let long = String(repeating: "x", count: 3_000)
    let participant = #"{"participant":{"participantId":"host","userId":"\#(long)"}}"#
    let encoded = String(decoding: try JSONEncoder().encode(participant), as: UTF8.self)
    try live.server.respond(#"{"body":\#(encoded)}"#, operation: "GetParticipant")
    let limited = try StagemonBinary.run(
      [
        "-c", #"ulimit -f 2; exec "$0" fetch "$1" --out f"#, StagemonBinary.url.path,
        LiveFixture.stageArn,
      ],
      environment: live.environment, directory: live.folder, executable: "/bin/bash")
    #expect(limited.status == 1, "\(limited.stderr)")
    #expect(limited.stderr.contains("File too large"), "\(limited.stderr)")
    #expect(listing(live.folder).isEmpty)
    let rerun = try StagemonBinary.run(
      [
        "-c", #"umask 000; exec "$0" fetch "$1" --out f"#, StagemonBinary.url.path,
        LiveFixture.stageArn,
      ],
      environment: live.environment, directory: live.folder, executable: "/bin/bash")
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(listing(live.folder) == ["f"])
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: live.folder.appendingPathComponent("f").path)[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }
}
