/// When kept credentials are fetched anew, as botocore's `RefreshableCredentials` decides: from
/// 15 minutes before they expire a new fetch is tried and, if it fails, the kept ones are used
/// on; from 10 minutes before, the fetch must succeed. Pure: it reads the time it is given.
public enum CredentialRefresh: Sendable, Equatable {
  /// Use the kept credentials.
  case keep
  /// Try to fetch anew; on failure keep using the kept ones (the advisory window).
  case tryFetching
  /// Fetch anew; a failure is the caller's error (the mandatory window).
  case fetch

  /// Seconds before expiry from which a fetch is tried (botocore's advisory timeout).
  public static let advisorySeconds: Int64 = 15 * 60
  /// Seconds before expiry from which a fetch is required (botocore's mandatory timeout).
  public static let mandatorySeconds: Int64 = 10 * 60

  /// The decision for credentials expiring at `expiration` (nil: never), at `now` (both in
  /// seconds since 1970).
  public static func decision(expiration: Int64?, now: Int64) -> CredentialRefresh {
    guard let expiration else { return .keep }
    // The expiry comes from outside: a far-off or far-past one must not overflow.
    let (left, overflow) = expiration.subtractingReportingOverflow(now)
    if overflow { return expiration > now ? .keep : .fetch }
    if left >= advisorySeconds { return .keep }
    return left >= mandatorySeconds ? .tryFetching : .fetch
  }
}
