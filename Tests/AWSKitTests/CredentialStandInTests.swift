import Foundation
import StandInHarness
import Testing

@testable import AWSKit

/// Credentials over real HTTP: the container stand-in hands out keys the IVS stand-in
/// checks, while a long attach-like run of requests passes their expiry.
@Suite(
  .enabled(
    if: CredentialStandIn.enabled && StandInServer.enabled,
    "needs python3 with moto[server] and botocore (pip install 'moto[server]')"))
struct CredentialStandInTests {
  static let start = Int64(Date().timeIntervalSince1970)
  static let keys = (1...3).map { n in
    (id: "ASIAROTATE\(n)", secret: "rotate/secret\(n)", token: "rotate-token-\(n)")
  }

  /// An IVS stand-in that knows every rotating key.
  static func ivs() throws -> StandInServer {
    let credentials = keys.map {
      #"{"accessKeyId":"\#($0.id)","secretAccessKey":"\#($0.secret)","sessionToken":"\#($0.token)"}"#
    }
    return try StandInServer(
      config:
        #"{"credentials":[\#(credentials.joined(separator: ","))],"throttle":1000,"sessions":[]}"#)
  }

  /// Container credentials that hand out the rotating keys in turn: the first expires 20
  /// minutes after `start`, the others 80 and 140.
  static func container() throws -> CredentialStandIn {
    let fixed = zip(keys, [1200, 4800, 8400]).map { key, lifetime in
      #"{"accessKeyId":"\#(key.id)","secretAccessKey":"\#(key.secret)","sessionToken":"\#(key.token)","#
        + #""expiration":"\#(WireTime.text(secondsSince1970: start + Int64(lifetime)))"}"#
    }
    return try CredentialStandIn(
      config: #"{"container":{"token":"task-token","fixed":[\#(fixed.joined(separator: ","))]}}"#)
  }

  @Test func credentialsThatExpireMidRunAreRenewedAheadAndOnceWhenTheServiceSaysExpired() throws {
    let ivs = try Self.ivs()
    let container = try Self.container()
    defer {
      ivs.stop()
      container.stop()
    }
    let runClock = FakeClock(Double(Self.start))
    let context = CredentialContext(
      environment: [
        "AWS_CONTAINER_CREDENTIALS_FULL_URI": container.endpoint + "/container/creds",
        "AWS_CONTAINER_AUTHORIZATION_TOKEN": "task-token", "AWS_EC2_METADATA_DISABLED": "true",
        "HOME": "/nonexistent",
      ], region: "us-west-2", transport: CurlTransport(), clock: runClock)
    let cache = CredentialCache(
      try DefaultCredentialChain.make(
        profile: ProfileChoice(option: nil, environment: [:]), context: context),
      clock: runClock)
    // Requests are signed on the real clock (the IVS stand-in checks the date); the cache's
    // clock is the run's, moved a minute per poll.
    let signing = SystemClock()
    let client = IVSRealTimeClient(
      region: "us-west-2",
      endpoint: try IVSEndpoint(region: "us-west-2", explicit: ivs.endpoint, environment: [:]),
      credentials: cache, transport: CurlTransport(),
      pacer: RequestPacer(pace: .every(1000), clock: signing), clock: signing)
    let arn = "arn:aws:ivs:us-west-2:123456789012:stage/StandIn01"
    func poll() throws {
      _ = try client.call(.getStage, .object([("arn", .string(arn))]))
    }
    var fetches: Int { (try? container.calls("container").count) ?? -1 }

    try poll()
    #expect(fetches == 1)
    for _ in 1...5 {  // up to 15 minutes before the first key expires: kept
      runClock.sleep(seconds: 60)
      try poll()
    }
    #expect(fetches == 1)
    runClock.sleep(seconds: 60)  // 14 minutes left: fetched anew, ahead of the expiry
    try poll()
    #expect(fetches == 2)
    #expect(client.credentialSummary?.contains("ASIAROTATE2") == true)
    for _ in 1...30 {
      runClock.sleep(seconds: 60)
      try poll()
    }
    #expect(fetches == 2)
    // The service calls the second key expired long before its time: renewed once, resent.
    try ivs.inject("ExpiredToken", operation: "GetStage", count: 1)
    try poll()
    #expect(fetches == 3)
    #expect(client.credentialSummary?.contains("ASIAROTATE3") == true)
    #expect(try ivs.count("requests.GetStage") == 39)
    // Twice in one request: renewed once, then the error stands.
    try ivs.inject("ExpiredToken", operation: "GetStage", count: 2)
    #expect(throws: AWSError.self) { try poll() }
    #expect(fetches == 4)
  }
}
