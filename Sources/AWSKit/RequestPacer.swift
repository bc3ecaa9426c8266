import Foundation

/// Spaces requests evenly so no operation is sent more than `perOperation` times a second and
/// all of them together no more than `total` times (IVS allows 5 a second per Get/List
/// operation per account and region, shared with the customer's own backend): each request
/// waits for its slot; there are no bursts.
public final class RequestPacer: @unchecked Sendable {
  /// Requests a second per operation.
  public let perOperation: Double
  /// Requests a second in all, nil for no overall limit.
  public let total: Double?
  private let clock: any AWSClock
  private let lock = NSLock()
  private var lastByOperation: [String: Double] = [:]
  private var lastOfAll: Double?
  private var sent: [Double] = []
  /// Slots are this much further apart than the rate alone asks, so requests that reach the
  /// server closer together than they left (a slow first connection) still never make
  /// `perOperation + 1` in a second.
  static let spacingMargin = 1.05

  /// Creates a pacer on `clock`.
  public init(perOperation: Double, total: Double? = nil, clock: any AWSClock) {
    self.perOperation = perOperation
    self.total = total
    self.clock = clock
  }

  /// Waits until `operation` may be sent, and books the slot. The next slot is spaced from
  /// when this request really leaves: a sleep that overshoots on a loaded machine would
  /// otherwise let the next request follow it early, two in one second.
  public func waitForSlot(_ operation: String) {
    let slot = book(operation)
    clock.sleep(seconds: slot.time - slot.now)
    lock.lock()
    let leaves = max(slot.time, clock.now())
    if lastByOperation[operation] == slot.time { lastByOperation[operation] = leaves }
    if lastOfAll == slot.time { lastOfAll = leaves }
    sent.append(leaves)
    if sent.count > 64 { sent.removeFirst(sent.count - 64) }
    lock.unlock()
  }

  /// The earliest slot `operation` may have, booked so concurrent callers queue behind it.
  private func book(_ operation: String) -> (time: Double, now: Double) {
    lock.lock()
    defer { lock.unlock() }
    let now = clock.now()
    var slot = now
    if let last = lastByOperation[operation] {
      slot = max(slot, last + Self.spacingMargin / perOperation)
    }
    if let total, let last = lastOfAll { slot = max(slot, last + Self.spacingMargin / total) }
    lastByOperation[operation] = slot
    lastOfAll = slot
    return (slot, now)
  }

  /// Requests a second over the last few seconds, for a progress line.
  public var currentRate: Double {
    lock.lock()
    defer { lock.unlock() }
    let now = clock.now()
    let recent = sent.filter { now - $0 <= 5 && $0 <= now }
    guard let first = recent.first, recent.count > 1, now > first else { return 0 }
    return Double(recent.count - 1) / (now - first)
  }
}
