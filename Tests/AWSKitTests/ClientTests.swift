import JSONKit
import Testing

@testable import AWSKit

struct ClientTests {
  static func client(_ transport: FakeTransport, clock: FakeClock = FakeClock(), rps: Double = 4)
    throws -> IVSRealTimeClient
  {
    IVSRealTimeClient(
      region: "us-west-2",
      endpoint: try IVSEndpoint(region: "us-west-2", explicit: nil, environment: [:]),
      credentials: CredentialCache(StaticCredentials(), clock: clock), transport: transport,
      pacer: RequestPacer(pace: .every(rps), clock: clock), clock: clock,
      retry: RetryPolicy(jitter: { 0.5 }))
  }

  @Test func aRequestIsASignedJSONPostToTheOperation() throws {
    let transport = FakeTransport([FakeTransport.ok(#"{"stage":{"arn":"a"}}"#)])
    let answer = try Self.client(transport).getStage(arn: "arn:aws:ivs:us-west-2:1:stage/x")
    #expect(answer["stage"]?["arn"]?.stringValue == "a")
    let request = try #require(transport.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/GetStage")
    #expect(request.origin == "https://ivsrealtime.us-west-2.amazonaws.com")
    #expect(
      String(decoding: request.body, as: UTF8.self) == #"{"arn":"arn:aws:ivs:us-west-2:1:stage/x"}"#
    )
    let authorization = try #require(request.header("Authorization"))
    #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDTEST/"))
    #expect(authorization.contains("/us-west-2/ivs/aws4_request"))
    #expect(
      authorization.contains("SignedHeaders=content-type;host;x-amz-date;x-amz-security-token"))
    #expect(request.header("X-Amz-Security-Token") == "TOKEN")
  }

  @Test func nextTokenIsPassedBackUnchanged() throws {
    let transport = FakeTransport([
      FakeTransport.ok(#"{"events":[{"name":"JOINED"}],"nextToken":"AbC+/x=="}"#),
      FakeTransport.ok(#"{"events":[{"name":"LEFT"}]}"#),
    ])
    let events = try Self.client(transport).listParticipantEvents(
      stageArn: "s", sessionId: "st-1", participantId: "p")
    #expect(events.compactMap { $0["name"]?.stringValue } == ["JOINED", "LEFT"])
    let first = try JSONParser.parse(bytes: transport.requests[0].body)
    let second = try JSONParser.parse(bytes: transport.requests[1].body)
    #expect(first["nextToken"] == nil)
    #expect(second["nextToken"]?.stringValue == "AbC+/x==")
    #expect(second["maxResults"]?.integerValue == 100)
  }

  @Test func throttlingIsRetriedAfterABackoff() throws {
    let clock = FakeClock()
    let transport = FakeTransport([
      FakeTransport.error(429, "ThrottlingException"), FakeTransport.ok(#"{"participants":[]}"#),
    ])
    let client = try Self.client(transport, clock: clock)
    _ = try client.listParticipants(stageArn: "s", sessionId: "st-1")
    #expect(client.requestCount == 2)
    #expect(client.throttleCount == 1)
    #expect(clock.sleeps.first == 0.5)
  }

  @Test func throttlingThatOutlastsTheRetriesIsThrown() throws {
    let transport = FakeTransport(
      Array(repeating: FakeTransport.error(429, "ThrottlingException"), count: 3))
    let client = try Self.client(transport)
    #expect(throws: AWSError.self) { try client.getStage(arn: "s") }
    #expect(client.requestCount == 3)
  }

  @Test func aSkewedClockIsCorrectedOnceAndTheRequestSentAgain() throws {
    let clock = FakeClock(1_800_000_000)
    let transport = FakeTransport([
      FakeTransport.error(
        403, "InvalidSignatureException", headers: ["Date": "Fri, 15 Jan 2027 08:16:40 GMT"]),
      FakeTransport.ok("{}"),
    ])
    _ = try Self.client(transport, clock: clock).getStage(arn: "s")
    #expect(transport.requests.count == 2)
    #expect(transport.requests[0].header("X-Amz-Date") == "20270115T080000Z")
    #expect(transport.requests[1].header("X-Amz-Date") == "20270115T081640Z")
  }

  @Test func requestsOfOneOperationAreEvenlySpaced() throws {
    let clock = FakeClock()
    let transport = FakeTransport(Array(repeating: FakeTransport.ok("{}"), count: 5))
    let client = try Self.client(transport, clock: clock, rps: 4)
    for _ in 0..<5 { _ = try client.getStage(arn: "s") }
    #expect(clock.sleeps.count == 4)
    #expect(clock.sleeps.allSatisfy { abs($0 - 0.25 * RequestPacer.spacingMargin) < 1e-4 })
  }

  @Test func aSleepThatOvershootsNeverLetsTheNextRequestFollowEarly() {
    let clock = FakeClock(lateness: 0.4)
    let pacer = RequestPacer(pace: .every(1), clock: clock)
    var leaves: [Double] = []
    for _ in 0..<4 {
      pacer.waitForSlot(.listParticipants)
      leaves.append(clock.now())
    }
    let gaps = zip(leaves.dropFirst(), leaves).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 >= RequestPacer.spacingMargin - 1e-9 }, "\(gaps)")
  }

  @Test func differentOperationsHaveTheirOwnPaceUnlessATotalIsSet() throws {
    let clock = FakeClock()
    let pacer = RequestPacer(pace: .every(4), total: 1, clock: clock)
    pacer.waitForSlot(.getParticipant)
    pacer.waitForSlot(.listParticipantEvents)
    #expect(clock.sleeps.count == 1)
    #expect(abs((clock.sleeps.first ?? 0) - RequestPacer.spacingMargin) < 1e-4)
  }

  @Test func theEndpointComesFromTheOptionThenTheEnvironment() throws {
    let environment = [
      "AWS_ENDPOINT_URL": "https://general.example",
      "AWS_ENDPOINT_URL_IVS_REALTIME": "http://127.0.0.1:8123",
    ]
    #expect(
      try IVSEndpoint(region: "r", explicit: nil, environment: environment).host == "127.0.0.1:8123"
    )
    #expect(
      try IVSEndpoint(region: "r", explicit: "https://x.example:443", environment: environment)
        .origin
        == "https://x.example")
    #expect(
      try IVSEndpoint(
        region: "r", explicit: nil, environment: ["AWS_ENDPOINT_URL": "https://g.example"]
      ).host
        == "g.example")
  }
}

/// Credentials the service calls expired before their time are renewed once per call: a
/// provider that can fetch anew (credential_process) is asked again and the request re-sent;
/// one that cannot is not, and the error stands.
struct ExpiredCredentialsTests {
  /// Counts `credentials()` calls; `renew` says whether it could bring new ones.
  final class RenewingCredentials: CredentialProvider, @unchecked Sendable {
    let renews: Bool
    var fetched = 0
    init(renews: Bool) { self.renews = renews }
    var name: String { "renewing" }
    var isRenewable: Bool { renews }
    func credentials() throws(CredentialError) -> Credentials? {
      fetched += 1
      return Credentials(
        accessKeyID: "ASIA\(fetched)", secretAccessKey: "s", sessionToken: "t",
        expiration: 4_000_000_000, source: "test")
    }
  }

  static func client(_ transport: FakeTransport, _ credentials: RenewingCredentials) throws
    -> IVSRealTimeClient
  {
    let clock = FakeClock()
    return IVSRealTimeClient(
      region: "us-west-2",
      endpoint: try IVSEndpoint(region: "us-west-2", explicit: nil, environment: [:]),
      credentials: CredentialCache(credentials, clock: clock), transport: transport,
      pacer: RequestPacer(pace: .every(4), clock: clock), clock: clock,
      retry: RetryPolicy(jitter: { 0.5 }))
  }

  @Test(arguments: ["ExpiredTokenException", "ExpiredToken", "RequestExpired"])
  func renewableCredentialsAreFetchedAgainAndTheRequestResentOnce(_ code: String) throws {
    let transport = FakeTransport([
      FakeTransport.error(403, code), FakeTransport.ok(#"{"stage":{}}"#),
    ])
    let credentials = RenewingCredentials(renews: true)
    _ = try Self.client(transport, credentials).getStage(arn: "a")
    #expect(credentials.fetched == 2)
    #expect(transport.requests.count == 2)
    #expect(transport.requests.last?.header("Authorization")?.contains("ASIA2/") == true)
  }

  @Test func aSecondExpiredAnswerInTheSameCallIsFinal() throws {
    let transport = FakeTransport([
      FakeTransport.error(403, "ExpiredTokenException"),
      FakeTransport.error(403, "ExpiredTokenException"), FakeTransport.ok("{}"),
    ])
    let credentials = RenewingCredentials(renews: true)
    #expect(throws: AWSError.self) { try Self.client(transport, credentials).getStage(arn: "a") }
    #expect(transport.requests.count == 2)
  }

  @Test func credentialsThatCannotBeRenewedAreNotRetried() throws {
    let transport = FakeTransport([
      FakeTransport.error(403, "ExpiredTokenException"), FakeTransport.ok("{}"),
    ])
    let credentials = RenewingCredentials(renews: false)
    #expect(throws: AWSError.self) { try Self.client(transport, credentials).getStage(arn: "a") }
    #expect(transport.requests.count == 1)
    #expect(credentials.fetched == 1)
  }
}
