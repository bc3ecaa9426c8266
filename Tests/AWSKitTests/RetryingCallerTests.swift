import Seeded
import Synchronization
import Testing

@testable import AWSKit

/// The one retry loop, on a clock that moves only when asked to wait and a scripted transport,
/// its jitter drawn from a seeded sequence: every wait is the one the standard mode computes
/// from the same draws.
struct RetryingCallerTests {
  /// Jitter in [0, 1) from `SeededRandom`; a second `Draws` of the same seed repeats it.
  final class Draws: Sendable {
    private let random: Mutex<SeededRandom>
    init(seed: UInt64) { random = Mutex(SeededRandom(seed: seed)) }
    func next() -> Double { random.withLock { Double.random(in: 0..<1, using: &$0) } }
  }

  /// Events the loop reported.
  final class Heard: Sendable {
    let events = Mutex<[RetryingCaller.Event]>([])
  }

  /// A transport that takes the whole time it is given and then fails, as a server that
  /// accepts and never answers makes libcurl do; after `hangs` requests it answers `{}`.
  final class SilentTransport: HTTPTransport, @unchecked Sendable {
    private let clock: FakeClock
    private let lock = Mutex<(hangs: Int, timeouts: [Double])>((0, []))
    init(clock: FakeClock, hangs: Int) {
      self.clock = clock
      lock.withLock { $0.hangs = hangs }
    }
    var timeouts: [Double] { lock.withLock { $0.timeouts } }
    func send(_ request: HTTPRequest, timeout: Double) throws(AWSError) -> HTTPResponse {
      let hang = lock.withLock { state in
        state.timeouts.append(timeout)
        defer { state.hangs -= 1 }
        return state.hangs > 0
      }
      guard hang else { return HTTPResponse(status: 200, body: Array("{}".utf8)) }
      clock.sleep(seconds: timeout)
      throw .transport("no whole answer in \(timeout) seconds")
    }
  }

  static let seed: UInt64 = 33
  static let origin = "https://ivsrealtime.us-west-2.amazonaws.com"
  static let request = HTTPRequest(
    method: "POST", origin: origin, host: "ivsrealtime.us-west-2.amazonaws.com",
    path: "/GetStage", body: Array("{}".utf8))
  static let keys = RetryingCaller.Signing.keys(
    Credentials(accessKeyID: "AKID", secretAccessKey: "s", source: "test"))

  static func caller(
    _ transport: any HTTPTransport, clock: FakeClock, quota: RetryQuota = RetryQuota(),
    timeout: Double = 30, totalTimeout: Double? = nil, answerLimit: Int? = nil
  ) -> RetryingCaller {
    let draws = Draws(seed: seed)
    return RetryingCaller(
      signer: SigV4Signer(service: "ivs", region: "us-west-2"),
      readError: ServiceErrorReader.error, transport: transport, clock: clock,
      policy: RetryPolicy(jitter: { draws.next() }), quota: quota, timeout: timeout,
      totalTimeout: totalTimeout, answerLimit: answerLimit)
  }

  static func send(_ caller: RetryingCaller, signing: RetryingCaller.Signing = keys)
    throws(AWSError) -> HTTPResponse
  {
    try caller.send("GetStage", request, signing: signing)
  }

  @Test func throttlingIsRetriedAfterTheStandardModesJitteredBackoff() throws {
    let clock = FakeClock()
    let transport = FakeTransport([
      FakeTransport.error(400, "ThrottlingException"),
      FakeTransport.error(429, "TooManyRequestsException"), FakeTransport.ok("{}"),
    ])
    let caller = Self.caller(transport, clock: clock)
    let heard = Heard()
    caller.onEvent = { event in heard.events.withLock { $0.append(event) } }
    _ = try Self.send(caller)
    let draws = Draws(seed: Self.seed)
    let waits = [draws.next() * 1, draws.next() * 2]
    #expect(clock.sleeps == waits)
    #expect(
      heard.events.withLock { $0 }
        == waits.map { .throttled(operation: "GetStage", waitSeconds: $0) })
    #expect(caller.requestCount == 3)
    #expect(caller.throttleCount == 2)
  }

  @Test func aFailureThatOutlastsTheAttemptsNamesTheOperationTheEndpointAndTheAttempts() {
    let clock = FakeClock()
    let transport = FakeTransport(
      Array(repeating: FakeTransport.error(503, "ServiceUnavailableException"), count: 4))
    let caller = Self.caller(transport, clock: clock)
    let error = #expect(throws: AWSError.self) { try Self.send(caller) }
    guard case .gaveUp(let retries)? = error else {
      Issue.record("not given up: \(String(describing: error))")
      return
    }
    #expect(retries.operation == "GetStage")
    #expect(retries.endpoint == Self.origin)
    #expect(retries.attempts == 3)
    #expect(retries.limit == .attempts)
    #expect(retries.last.code == .other("ServiceUnavailableException"))
    let text = "\(error.map(String.init(describing:)) ?? "")"
    #expect(text.hasPrefix("GetStage to \(Self.origin) gave up after 3 attempts"), "\(text)")
    #expect(transport.requests.count == 3)
    #expect(clock.sleeps.count == 2)
  }

  @Test func lostConnectionsAreRetriedLikeServerFaults() throws {
    let clock = FakeClock()
    let transport = FakeTransport([.failure(.transport("reset")), FakeTransport.ok("{}")])
    _ = try Self.send(Self.caller(transport, clock: clock))
    #expect(transport.requests.count == 2)
    #expect(clock.sleeps == [Draws(seed: Self.seed).next()])
  }

  @Test func expiredCredentialsAreRenewedOnceAndTheRequestSentAgain() {
    let clock = FakeClock()
    let transport = FakeTransport([
      FakeTransport.error(403, "ExpiredTokenException"),
      FakeTransport.error(403, "ExpiredTokenException"), FakeTransport.ok("{}"),
    ])
    let credentials = ExpiredCredentialsTests.RenewingCredentials(renews: true)
    let cache = CredentialCache(credentials, clock: clock)
    let expired = AWSError.service(
      code: .expiredToken, message: "no", status: 403, requestID: nil)
    #expect(throws: expired) {
      try Self.send(Self.caller(transport, clock: clock), signing: .cached(cache))
    }
    #expect(credentials.fetched == 2)
    #expect(transport.requests.count == 2)
    #expect(transport.requests[0].header("Authorization")?.contains("ASIA1/") == true)
    #expect(transport.requests[1].header("Authorization")?.contains("ASIA2/") == true)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func aSkewedClockIsCorrectedOnce() {
    let clock = FakeClock(1_800_000_000)
    let transport = FakeTransport([
      FakeTransport.error(
        403, "SignatureDoesNotMatch", headers: ["Date": "Fri, 15 Jan 2027 08:16:40 GMT"]),
      FakeTransport.error(
        403, "SignatureDoesNotMatch", headers: ["Date": "Fri, 15 Jan 2027 09:00:00 GMT"]),
      FakeTransport.ok("{}"),
    ])
    #expect(throws: AWSError.self) { try Self.send(Self.caller(transport, clock: clock)) }
    #expect(transport.requests.count == 2)
    #expect(transport.requests[0].header("X-Amz-Date") == "20270115T080000Z")
    #expect(transport.requests[1].header("X-Amz-Date") == "20270115T081640Z")
  }

  @Test(arguments: [
    (400, "ValidationException"), (403, "AccessDeniedException"),
    (404, "ResourceNotFoundException"), (409, "ConflictException"),
    (402, "ServiceQuotaExceededException"), (403, "UnrecognizedClientException"),
    (403, "ExpiredTokenException"),
  ])
  func aClientErrorIsNeverRetried(_ status: Int, _ code: String) {
    let clock = FakeClock()
    let transport = FakeTransport([FakeTransport.error(status, code), FakeTransport.ok("{}")])
    #expect(
      throws: AWSError.service(
        code: AWSErrorCode(rawValue: code), message: "no", status: status, requestID: nil)
    ) { try Self.send(Self.caller(transport, clock: clock)) }
    #expect(transport.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func aWaitThatWouldPassTheDeadlineIsNotWaited() {
    let clock = FakeClock()
    let wait = Draws(seed: Self.seed).next()
    let transport = FakeTransport([
      FakeTransport.error(503, "ServiceUnavailableException"), FakeTransport.ok("{}"),
    ])
    let caller = Self.caller(transport, clock: clock, totalTimeout: wait / 2)
    let error = #expect(throws: AWSError.self) { try Self.send(caller) }
    guard case .gaveUp(let retries)? = error else {
      Issue.record("not given up: \(String(describing: error))")
      return
    }
    #expect(retries.limit == .deadline)
    #expect(retries.attempts == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func theLastRequestGetsOnlyTheTimeLeftAndTheMessageSaysWhatWasCut() {
    let clock = FakeClock()
    let transport = SilentTransport(clock: clock, hangs: 5)
    let caller = Self.caller(transport, clock: clock, timeout: 30, totalTimeout: 45)
    let error = #expect(throws: AWSError.self) { try Self.send(caller) }
    guard case .refused(let text)? = error else {
      Issue.record("not the deadline: \(String(describing: error))")
      return
    }
    let first = Draws(seed: Self.seed).next()
    #expect(transport.timeouts.count == 2)
    #expect(transport.timeouts.first == 30)
    #expect(abs((transport.timeouts.last ?? 0) - (15 - first)) < 1e-6, "\(transport.timeouts)")
    #expect(text.contains("time was up (45 seconds in all"), "\(text)")
    #expect(text.contains("during GetStage to \(Self.origin), after 2 requests"), "\(text)")
  }

  @Test func theRetryQuotaEndsRetriesWhenSpentAndSuccessesGiveBack() throws {
    let clock = FakeClock()
    let fault = FakeTransport.error(503, "ServiceUnavailableException")
    let quota = RetryQuota(capacity: 8)
    let transport = FakeTransport([fault, fault, FakeTransport.ok("{}"), fault])
    let caller = Self.caller(transport, clock: clock, quota: quota)
    let error = #expect(throws: AWSError.self) { try Self.send(caller) }
    guard case .gaveUp(let retries)? = error else {
      Issue.record("not given up: \(String(describing: error))")
      return
    }
    #expect(retries.limit == .retryQuota)
    #expect(retries.attempts == 2)
    #expect(quota.remaining == 3)
    _ = try Self.send(caller)
    #expect(quota.remaining == 3 + RetryQuota.successRefund)
    let spent = #expect(throws: AWSError.self) { try Self.send(caller) }
    #expect(spent.map { if case .gaveUp = $0 { true } else { false } } == true)
    #expect(transport.requests.count == 4)
  }

  @Test func aRetryAfterATimeoutCostsMoreAndASuccessGivesBackWhatItsRetryTook() throws {
    let clock = FakeClock()
    let quota = RetryQuota(capacity: 25)
    let silent = SilentTransport(clock: clock, hangs: 3)
    let caller = Self.caller(silent, clock: clock, quota: quota, timeout: 2)
    #expect(throws: AWSError.self) { try Self.send(caller) }
    #expect(silent.timeouts == [2, 2, 2])
    #expect(quota.remaining == 25 - 2 * RetryQuota.timeoutCost)
    let recovered = RetryQuota(capacity: 12)
    _ = try Self.send(
      Self.caller(
        SilentTransport(clock: clock, hangs: 1), clock: clock, quota: recovered, timeout: 2))
    #expect(recovered.remaining == 12)
  }

  @Test func theServersRetryAfterIsWaitedWithinFiveSecondsOfTheBackoff() throws {
    let clock = FakeClock()
    let transport = FakeTransport([
      FakeTransport.error(400, "ThrottlingException", headers: ["x-amz-retry-after": "3000"]),
      FakeTransport.error(400, "ThrottlingException", headers: ["x-amz-retry-after": "soon"]),
      FakeTransport.ok("{}"),
    ])
    _ = try Self.send(Self.caller(transport, clock: clock))
    let draws = Draws(seed: Self.seed)
    _ = draws.next()
    #expect(clock.sleeps == [3, draws.next() * 2])
  }

  @Test func anAnswerOverTheLimitIsRefusedAndNotRetried() {
    let clock = FakeClock()
    let transport = FakeTransport([
      FakeTransport.ok(String(repeating: " ", count: 65)), FakeTransport.ok("{}"),
    ])
    let caller = Self.caller(transport, clock: clock, answerLimit: 64)
    #expect(throws: AWSError.self) { try Self.send(caller) }
    #expect(transport.requests.count == 1)
  }
}
