import InputKit
import Synchronization

/// The one loop every AWS request goes through — IVS real-time's, STS's and SQS's alike — so
/// each gets the same standard retry mode whatever its protocol: backoff with jitter and a
/// retry quota (`RetryPolicy`, `RetryQuota`), the signing clock corrected once on a clock-skew
/// answer, credentials renewed once on an "expired" answer, and a deadline for the whole
/// command that also shortens the request that would pass it. It signs, sends and retries; the
/// client keeps what its protocol makes its own: building the request, reading an error answer
/// (`readError`: rest-json for IVS, query XML for STS, JSON 1.0 for SQS) and decoding a good
/// one. Time, waits and chance are injected (`AWSClock`, `RetryPolicy.jitter`), so tests run
/// every path without waiting.
public final class RetryingCaller: Sendable {
  /// What the loop reports while it works (a progress line shows it).
  public enum Event: Sendable, Equatable {
    /// Throttled by the service; the next attempt comes after this many seconds.
    case throttled(operation: String, waitSeconds: Double)
  }

  /// What a request is signed with.
  public enum Signing: Sendable {
    /// Nothing: the request carries its own proof (STS AssumeRoleWithWebIdentity's token).
    case unsigned
    /// These credentials, as they are: they cannot be renewed here.
    case keys(Credentials)
    /// The run's credentials, renewed once when the service calls them expired.
    case cached(CredentialCache)
  }

  /// The signer of every request (service name and region).
  private let signer: SigV4Signer
  /// The client's retry quota, shared by all its requests.
  public let quota: RetryQuota
  /// When the command's time is up, on `clock`; nil for a run without end (attach).
  public let deadline: Double?
  private let readError: @Sendable (HTTPResponse) -> AWSError
  private let answerLimit: Int?
  private let transport: any HTTPTransport
  private let clock: any AWSClock
  private let policy: RetryPolicy
  private let timeout: Double
  private let startedAt: Double
  private let state = Mutex(State())

  /// What the requests of every thread share: the correction to the clock the server asked
  /// for, the counts, and who hears the events.
  private struct State {
    var clockOffset = 0.0
    var sentCount = 0
    var throttledCount = 0
    var onEvent: (@Sendable (Event) -> Void)?
  }

  /// A loop signing with `signer`, reading error answers with `readError`. Each request may
  /// take `timeout` seconds in all; the command `totalTimeout` (nil: no end); an answer larger
  /// than `answerLimit` bytes is refused.
  public init(
    signer: SigV4Signer, readError: @escaping @Sendable (HTTPResponse) -> AWSError,
    transport: any HTTPTransport, clock: any AWSClock, policy: RetryPolicy = RetryPolicy(),
    quota: RetryQuota = RetryQuota(), timeout: Double = 30, totalTimeout: Double? = nil,
    answerLimit: Int? = nil
  ) {
    self.signer = signer
    self.readError = readError
    self.transport = transport
    self.clock = clock
    self.policy = policy
    self.quota = quota
    self.timeout = timeout
    self.answerLimit = answerLimit
    let now = clock.now()
    startedAt = now
    deadline = totalTimeout.map { now + $0 }
  }

  /// Requests sent so far, retries included.
  public var requestCount: Int { state.withLock { $0.sentCount } }
  /// Answers that said "throttled" so far.
  public var throttleCount: Int { state.withLock { $0.throttledCount } }
  /// Called on the requesting thread for each event.
  public var onEvent: (@Sendable (Event) -> Void)? {
    get { state.withLock { $0.onEvent } }
    set { state.withLock { $0.onEvent = newValue } }
  }

  /// The 2xx answer to `request` (`operation`, for messages), sent until it succeeds or the
  /// retry policy, the retry quota or the deadline ends it. `beforeEachAttempt` runs before
  /// every request leaves (a pacer's wait). A retryable failure that outlasts the retries is
  /// `.gaveUp`, naming the operation, the endpoint and the attempts; any other is thrown as met.
  public func send(
    _ operation: String, _ request: HTTPRequest, signing: Signing,
    beforeEachAttempt: () -> Void = {}
  ) throws(AWSError) -> HTTPResponse {
    var attempt = 1
    var sent = 0
    var skewCorrected = false
    var renewed = false
    var taken: Int?
    while true {
      try checkDeadline(operation, request.origin)
      beforeEachAttempt()
      try checkDeadline(operation, request.origin)
      let budget = deadline.map { min(timeout, $0 - clock.now()) } ?? timeout
      let started = clock.now()
      let failure: AWSError
      var answer: HTTPResponse?
      do {
        sent += 1
        let response = try exchange(operation, request, signing: signing, budget: budget)
        if (200..<300).contains(response.status) {
          quota.release(taken ?? RetryQuota.successRefund)
          return response
        }
        failure = readError(response)
        answer = response
      } catch {
        guard case .transport = error else { throw error }
        failure = error
      }
      let throttled = RetryPolicy.isThrottling(failure)
      if throttled { state.withLock { $0.throttledCount += 1 } }
      func giveUp(_ limit: GiveUp.Limit) -> AWSError {
        .gaveUp(
          GiveUp(
            operation: operation, endpoint: request.origin, attempts: sent, limit: limit,
            last: failure))
      }
      let cache: CredentialCache? = if case .cached(let cache) = signing { cache } else { nil }
      let decision = policy.decision(
        for: failure, attempt: attempt,
        clockSkew: skewCorrected ? nil : answer.flatMap(skew),
        renewal: !renewed && cache?.canRenew == true ? .available : .unavailable,
        retryAfter: answer.flatMap(Self.retryAfter))
      switch decision {
      case .stop:
        throw RetryPolicy.isRetryable(failure) ? giveUp(.attempts) : failure
      case .renewCredentials:
        cache?.renew()
        renewed = true
      case .correctClock(let seconds):
        state.withLock { $0.clockOffset += seconds }
        skewCorrected = true
      case .retry(let delay):
        if let deadline, clock.now() + delay >= deadline { throw giveUp(.deadline) }
        let timedOut = answer == nil && clock.now() - started >= budget
        guard let cost = quota.acquire(afterTimeout: timedOut) else { throw giveUp(.retryQuota) }
        taken = cost
        if throttled { onEvent?(.throttled(operation: operation, waitSeconds: delay)) }
        clock.sleep(seconds: delay)
        attempt += 1
      }
    }
  }

  /// One signed request and its answer, in at most `budget` seconds.
  private func exchange(
    _ operation: String, _ request: HTTPRequest, signing: Signing, budget: Double
  ) throws(AWSError) -> HTTPResponse {
    let credentials: Credentials?
    switch signing {
    case .unsigned: credentials = nil
    case .keys(let keys): credentials = keys
    case .cached(let cache):
      do {
        credentials = try cache.current()
      } catch {
        throw .credentials(error)
      }
    }
    let time = clock.now() + state.withLock { $0.clockOffset }
    let signed = credentials.map {
      signer.sign(request, at: AMZDate(secondsSince1970: Int64(time.rounded(.down))), with: $0)
    }
    state.withLock { $0.sentCount += 1 }
    let response: HTTPResponse
    do {
      response = try transport.send(signed ?? request, timeout: max(budget, 0))
    } catch {
      guard case .transport = error, budget < timeout, let deadline, clock.now() >= deadline
      else { throw error }
      throw deadlineError(operation, request.origin)
    }
    if let answerLimit, response.body.count > answerLimit {
      throw .refused(
        "the answer to \(operation) from \(request.origin) is larger than "
          + "\(ByteCount.text(answerLimit)); stopped reading it")
    }
    return response
  }

  /// Ends the command once its total time is up, before another request or wait.
  private func checkDeadline(_ operation: String, _ origin: String) throws(AWSError) {
    if let deadline, clock.now() >= deadline { throw deadlineError(operation, origin) }
  }

  private func deadlineError(_ operation: String, _ origin: String) -> AWSError {
    let total = (deadline ?? startedAt) - startedAt
    let count = requestCount
    return .refused(
      "the command's time was up (\(TimeWords.of(seconds: total)) in all, "
        + "--total-timeout) during \(operation) to \(origin), after "
        + "\(count) request\(count == 1 ? "" : "s")")
  }

  /// The server's time minus ours, from the answer's `Date` header.
  private func skew(_ response: HTTPResponse) -> Double? {
    guard let text = response.headers["date"], let server = HTTPDate.seconds(text) else {
      return nil
    }
    return server - (clock.now() + state.withLock { $0.clockOffset })
  }

  /// The server's `x-amz-retry-after` in seconds: whole milliseconds, ignored when it is
  /// anything else (botocore ignores an invalid one too).
  static func retryAfter(_ response: HTTPResponse) -> Double? {
    guard let text = response.headers["x-amz-retry-after"], (1...9).contains(text.utf8.count),
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let milliseconds = Int(text)
    else { return nil }
    return Double(milliseconds) / 1_000
  }
}
