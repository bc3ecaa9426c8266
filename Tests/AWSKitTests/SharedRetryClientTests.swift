import Synchronization
import Testing

@testable import AWSKit

/// SQS, STS and IAM Identity Center retry as the IVS client does, through the one
/// `RetryingCaller`: SQS renews credentials SQS calls expired and corrects a skewed clock (its
/// own loop did neither); STS corrects a skewed clock too; GetRoleCredentials, which was never
/// retried, is retried when throttled.
struct SharedRetryClientTests {
  static let queueURL = "https://sqs.us-west-2.amazonaws.com/123456789012/ivs-events"

  /// An SQS JSON 1.0 error answer.
  static func sqsError(_ status: Int, _ type: String, headers: [String: String] = [:])
    -> Result<HTTPResponse, AWSError>
  {
    .success(
      HTTPResponse(
        status: status, headers: headers,
        body: Array(#"{"__type":"com.amazon.coral.service#\#(type)","message":"no"}"#.utf8)))
  }

  static func queue(
    _ transport: FakeTransport, _ credentials: ExpiredCredentialsTests.RenewingCredentials,
    clock: FakeClock
  ) throws -> SQSClient {
    try SQSClient(
      queueURL: queueURL, region: "us-west-2", environment: [:],
      credentials: CredentialCache(credentials, clock: clock), transport: transport, clock: clock,
      retry: RetryPolicy(jitter: { 0.5 }))
  }

  @Test(arguments: ["ExpiredTokenException", "ExpiredToken"])
  func sqsRenewsCredentialsItCallsExpiredOnceAndReceivesAgain(_ code: String) throws {
    let clock = FakeClock()
    let transport = FakeTransport([Self.sqsError(400, code), FakeTransport.ok(#"{"Messages":[]}"#)])
    let credentials = ExpiredCredentialsTests.RenewingCredentials(renews: true)
    let received = try Self.queue(transport, credentials, clock: clock).receive()
    #expect(received.messages.isEmpty)
    #expect(credentials.fetched == 2)
    #expect(transport.requests.count == 2)
    #expect(transport.requests.last?.header("Authorization")?.contains("ASIA2/") == true)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func sqsCorrectsASkewedClockOnceAndReceivesAgain() throws {
    let clock = FakeClock(1_800_000_000)
    let transport = FakeTransport([
      Self.sqsError(
        400, "InvalidSignatureException", headers: ["Date": "Fri, 15 Jan 2027 07:50:00 GMT"]),
      FakeTransport.ok("{}"),
    ])
    let credentials = ExpiredCredentialsTests.RenewingCredentials(renews: false)
    _ = try Self.queue(transport, credentials, clock: clock).receive()
    #expect(transport.requests.count == 2)
    #expect(transport.requests[0].header("X-Amz-Date") == "20270115T080000Z")
    #expect(transport.requests[1].header("X-Amz-Date") == "20270115T075000Z")
    #expect(transport.requests[1].header("X-Amz-Target") == "AmazonSQS.ReceiveMessage")
  }

  @Test func sqsThrottlingIsRetriedAndOutlastingItNamesTheQueuesEndpoint() throws {
    let clock = FakeClock()
    let transport = FakeTransport(
      Array(repeating: Self.sqsError(400, "RequestThrottled"), count: 3))
    let credentials = ExpiredCredentialsTests.RenewingCredentials(renews: false)
    let error = #expect(throws: AWSError.self) {
      try Self.queue(transport, credentials, clock: clock).receive()
    }
    guard case .gaveUp(let retries)? = error else {
      Issue.record("not given up: \(String(describing: error))")
      return
    }
    #expect(retries.operation == "ReceiveMessage")
    #expect(retries.endpoint == "https://sqs.us-west-2.amazonaws.com")
    #expect(retries.attempts == 3)
    #expect(clock.sleeps == [0.5, 1])
    #expect(RetryPolicy.isRetryable(.gaveUp(retries)))
  }

  @Test func stsCorrectsASkewedClockOnce() throws {
    let clock = FakeClock(1_800_000_000)
    let skewed = HTTPResponse(
      status: 403, headers: ["Date": "Fri, 15 Jan 2027 08:16:40 GMT"],
      body: Array(
        "<ErrorResponse><Error><Code>SignatureDoesNotMatch</Code><Message>Signature expired</Message></Error></ErrorResponse>"
          .utf8))
    let transport = FakeTransport([.success(skewed), .success(STSClientTests.identityAnswer())])
    let sts = try STSClient(
      region: "us-west-2", environment: [:], transport: transport, clock: clock)
    _ = try sts.callerIdentity(with: STSClientTests.keys)
    #expect(transport.requests.count == 2)
    #expect(transport.requests[1].header("X-Amz-Date") == "20270115T081640Z")
  }

  @Test func ssoGetRoleCredentialsIsRetriedWhenThrottled() throws {
    let fixture = try CredentialFixture(config: MetadataCredentialTests.ssoConfig)
    try fixture.write(
      #"{"accessToken":"tok-1","expiresAt":"2099-01-01T00:00:00Z"}"#,
      to: ".aws/sso/cache/ee0bfd2552fbd840c02cc48b6e823320543c450f.json")
    let portal = MetadataCredentialTests.portal(accepting: "tok-1")
    let answered = Mutex(0)
    let transport = RoutedTransport([
      (
        "/federation/credentials",
        { request in
          let first = answered.withLock { count in
            defer { count += 1 }
            return count == 0
          }
          guard !first else {
            return RoutedTransport.json(
              #"{"message":"Rate exceeded"}"#, status: 429,
              headers: ["x-amzn-ErrorType": "TooManyRequestsException"])
          }
          return try? portal.send(request, timeout: 30)
        }
      )
    ])
    let clock = FakeClock()
    let found = try fixture.chain(transport, profile: "sso", clock: clock).resolve().credentials
    #expect(found.accessKeyID == "ASIASSO")
    #expect(transport.requests.count == 2)
    #expect(clock.sleeps.count == 1)
  }
}
