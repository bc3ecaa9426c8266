/// When to try a failed request again, as the AWS SDKs' standard retry mode decides (botocore
/// `retries/standard.py`; the AWS CLI version 2's default, version 1's with `retry_mode =
/// standard`): at most `maximumAttempts` attempts, for throttling, transient codes,
/// 429/500/502/503/504 and lost connections, after a full-jitter exponential backoff — a random
/// share of `2^(attempt-1)` seconds capped at `maximumBackoff`. A server's `x-amz-retry-after`
/// stretches the wait by at most 5 s, as the SDKs do with `AWS_NEW_RETRIES_2026` (the other
/// changes that flag brings are not taken). A clock-skew answer corrects the clock once;
/// credentials the service calls expired are renewed once when their source can bring new ones.
/// Pure: the jitter is injected (botocore injects `random`), so every delay is testable;
/// `RetryingCaller` runs the loop.
public struct RetryPolicy: Sendable {
  /// What to do after a failed attempt.
  public enum Decision: Sendable, Equatable {
    /// Wait this many seconds, then send again.
    case retry(after: Double)
    /// Move the signing clock by this many seconds, then send again at once.
    case correctClock(bySeconds: Double)
    /// Fetch the credentials anew (`CredentialCache.renew`), then send again at once.
    case renewCredentials
    /// Give up: the error is final.
    case stop
  }

  /// Attempts in all, the first included.
  public let maximumAttempts: Int
  /// The longest backoff before its jitter, in seconds.
  public let maximumBackoff: Double
  /// A number in [0, 1) per call.
  public let jitter: @Sendable () -> Double

  /// A clock difference the server's `Date` must show before it counts as skew (botocore and
  /// the SDKs use four minutes; SigV4 allows five).
  public static let skewThreshold = 240.0

  /// Seconds a server's `x-amz-retry-after` may add to the computed backoff (botocore's
  /// `_RETRY_AFTER_MAX_ADDITIONAL`).
  public static let retryAfterAllowance = 5.0

  /// Codes that mean "try again later" (botocore's `_THROTTLED_ERROR_CODES`).
  static let throttlingCodes: Set<AWSErrorCode> = [
    .throttling, .tooManyRequests, .other("Throttling"), .other("ThrottledException"),
    .other("RequestThrottledException"), .other("ProvisionedThroughputExceededException"),
    .other("TransactionInProgressException"), .other("RequestLimitExceeded"),
    .other("BandwidthLimitExceeded"), .other("LimitExceededException"),
    .other("RequestThrottled"), .other("SlowDown"), .other("PriorRequestNotComplete"),
    .other("EC2ThrottledException"),
  ]
  /// Codes of a fault that passes (botocore's `_TRANSIENT_ERROR_CODES`, and STS's
  /// `IDPCommunicationError`, which botocore retries for STS alone — no other service sends it).
  static let transientCodes: Set<AWSErrorCode> = [
    .other("RequestTimeout"), .other("RequestTimeoutException"),
    .other("PriorRequestNotComplete"), .other("IDPCommunicationError"),
  ]
  /// Statuses of a fault that passes (botocore's `_TRANSIENT_STATUS_CODES`), and 429.
  static let transientStatuses: Set<Int> = [429, 500, 502, 503, 504]
  /// Codes a wrong clock produces.
  static let clockSkewCodes: Set<AWSErrorCode> = [
    .requestTimeTooSkewed, .requestExpired, .invalidSignature, .signatureDoesNotMatch,
    .other("RequestInTheFuture"), .other("AuthFailure"),
  ]

  /// Codes that say the credentials themselves expired (a session revoked or cut short before
  /// its stated expiry); a skewed clock's `RequestExpired` is corrected first.
  static let expiredCredentialCodes: Set<AWSErrorCode> = [
    .expiredToken, .other("ExpiredToken"), .requestExpired,
  ]

  /// The standard mode: 3 attempts, backoff capped at 20 s, `jitter` from `[0, 1)`.
  public init(
    maximumAttempts: Int = 3, maximumBackoff: Double = 20,
    jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maximumAttempts = maximumAttempts
    self.maximumBackoff = maximumBackoff
    self.jitter = jitter
  }

  /// The decision after attempt number `attempt` (from 1) failed with `error`. `clockSkew` is
  /// the server's time minus ours when the answer said, nil when unknown or already corrected;
  /// `renewal` says whether the credentials may be fetched anew for this request;
  /// `retryAfter` is the server's `x-amz-retry-after`, in seconds.
  public func decision(
    for error: AWSError, attempt: Int, clockSkew: Double? = nil,
    renewal: CredentialRenewal = .unavailable, retryAfter: Double? = nil
  ) -> Decision {
    if let skew = clockSkew, abs(skew) >= Self.skewThreshold, let code = error.code,
      Self.clockSkewCodes.contains(code)
    {
      return .correctClock(bySeconds: skew)
    }
    if renewal == .available, let code = error.code, Self.expiredCredentialCodes.contains(code) {
      return .renewCredentials
    }
    guard attempt < maximumAttempts, Self.isRetryable(error) else { return .stop }
    let exponent = Double(1 << min(max(attempt - 1, 0), 30))
    let backoff = jitter() * min(exponent, maximumBackoff)
    guard let retryAfter, retryAfter >= 0 else { return .retry(after: backoff) }
    return .retry(after: max(backoff, min(retryAfter, backoff + Self.retryAfterAllowance)))
  }

  /// Throttling, transient codes, 429/500/502/503/504 and transport failures; never a client
  /// mistake. A request that gave up after its retries is as retryable as its last failure: a
  /// caller that goes on later (attach's poller, the events queue) tries again.
  public static func isRetryable(_ error: AWSError) -> Bool {
    switch error {
    case .service(let code, _, let status, _):
      return throttlingCodes.contains(code) || transientCodes.contains(code)
        || transientStatuses.contains(status)
    case .transport: return true
    case .gaveUp(let retries): return isRetryable(retries.last)
    case .credentials, .decoding, .refused: return false
    }
  }

  /// Whether `error` says the request was throttled.
  public static func isThrottling(_ error: AWSError) -> Bool {
    switch error {
    case .service(let code, _, let status, _):
      return throttlingCodes.contains(code) || status == 429
    case .gaveUp(let retries): return isThrottling(retries.last)
    case .transport, .credentials, .decoding, .refused: return false
    }
  }
}

/// Whether a request's credentials may be fetched anew after the service called them expired:
/// once per request, and only when their source can bring others (a command, a service), not
/// keys written in the environment or a file.
public enum CredentialRenewal: Sendable, Equatable {
  /// The source can bring new credentials and this request has not renewed them yet.
  case available
  /// The same credentials would come again, or this request already renewed them.
  case unavailable
}
