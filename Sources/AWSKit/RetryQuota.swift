import Synchronization

/// The standard retry mode's retry quota (botocore `retries/quota.py` and
/// `RetryQuotaChecker`): one client's budget of retries, so when a service fails request after
/// request the client stops multiplying the load by three and reports at once. Each retry takes
/// `retryCost` (one after a request that ran out of time, `timeoutCost`); a request that
/// succeeds gives back what its last retry took, or `successRefund` when it needed none; a
/// retry that finds too little left is not made.
public final class RetryQuota: Sendable {
  /// The quota a client starts with, and the most it holds.
  public static let initialCapacity = 500
  /// What a retry takes.
  public static let retryCost = 5
  /// What a retry after a request that ran out of time takes.
  public static let timeoutCost = 10
  /// What a request that succeeded at once gives back.
  public static let successRefund = 1

  /// The most the quota holds.
  public let capacity: Int
  private let available: Mutex<Int>

  /// A full quota of `capacity`.
  public init(capacity: Int = initialCapacity) {
    self.capacity = capacity
    available = Mutex(capacity)
  }

  /// What is left now.
  public var remaining: Int { available.withLock { $0 } }

  /// Takes a retry's cost (`timeoutCost` after a timeout); the amount taken, or nil when too
  /// little is left and the retry must not be made.
  func acquire(afterTimeout: Bool) -> Int? {
    let cost = afterTimeout ? Self.timeoutCost : Self.retryCost
    return available.withLock { left in
      guard cost <= left else { return nil }
      left -= cost
      return cost
    }
  }

  /// Gives `amount` back, never above `capacity`.
  func release(_ amount: Int) {
    available.withLock { $0 = min(capacity, $0 + max(amount, 0)) }
  }
}
