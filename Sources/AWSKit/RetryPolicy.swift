/// When to try a failed request again, as the AWS SDKs' standard retry mode decides: at most
/// `maximumAttempts` attempts, a jittered exponential backoff capped at `maximumBackoff`
/// seconds, for throttling, server faults and lost connections; a clock-skew answer corrects
/// the clock once; credentials the service calls expired are renewed once when their source
/// can bring new ones. Pure: the jitter is injected (botocore `retries/standard.py` injects
/// `random`), so every delay is testable.
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
  /// The longest wait between attempts, in seconds.
  public let maximumBackoff: Double
  /// A number in [0, 1) per call.
  public let jitter: @Sendable () -> Double

  /// A clock difference the server's `Date` must show before it counts as skew (botocore and
  /// the SDKs use four minutes; SigV4 allows five).
  public static let skewThreshold = 240.0

  /// Codes that mean "try again later".
  static let throttlingCodes: Set<AWSErrorCode> = [
    .throttling, .tooManyRequests, .other("Throttling"), .other("ThrottledException"),
    .other("RequestLimitExceeded"),
    .other("SlowDown"), .other("RequestThrottled"), .other("RequestThrottledException"),
    .other("ProvisionedThroughputExceededException"), .other("BandwidthLimitExceeded"),
  ]
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
  /// `renewal` says whether the credentials may be fetched anew for this request.
  public func decision(
    for error: AWSError, attempt: Int, clockSkew: Double? = nil,
    renewal: CredentialRenewal = .unavailable
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
    return .retry(after: min(jitter() * exponent, maximumBackoff))
  }

  /// Throttling, 500/502/503/504 and transport failures; never a client mistake.
  public static func isRetryable(_ error: AWSError) -> Bool {
    switch error {
    case .service(let code, _, let status, _):
      return throttlingCodes.contains(code) || [429, 500, 502, 503, 504].contains(status)
    case .transport: return true
    case .credentials, .decoding, .refused: return false
    }
  }

  /// Whether `error` says the request was throttled.
  public static func isThrottling(_ error: AWSError) -> Bool {
    guard case .service(let code, _, let status, _) = error else { return false }
    return throttlingCodes.contains(code) || status == 429
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
