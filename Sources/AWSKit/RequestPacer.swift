import Foundation
import Synchronization

/// Spaces requests evenly so no operation is sent more often than its pace allows and all of
/// them together no more than `total` times a second (IVS's quotas are per operation, account
/// and region, shared with the customer's own backend): each request waits for its slot; there
/// are no bursts.
public final class RequestPacer: Sendable {
  /// How fast each operation may go.
  public enum Pace: Sendable, Equatable {
    /// The operation's own pace (`IVSOperation.pace`, a share of its documented quota),
    /// lowered to `limit` requests a second when one is given (`--max-rps`).
    case quota(limit: Double?)
    /// This many requests a second for every operation, whatever its quota: for benchmarks
    /// and tests against a stand-in, which has no quotas of its own.
    case every(Double)
  }

  /// How fast each operation may go.
  public let pace: Pace
  /// Requests a second in all, nil for no overall limit.
  public let total: Double?
  private let clock: any AWSClock
  private let booked = Mutex(Bookings())
  /// Slots are this much further apart than the rate alone asks, so requests that reach the
  /// server closer together than they left (a slow first connection) still never make
  /// one more than its rate in a second.
  static let spacingMargin = 1.05

  /// Creates a pacer on `clock`.
  public init(pace: Pace = .quota(limit: nil), total: Double? = nil, clock: any AWSClock) {
    self.pace = pace
    self.total = total
    self.clock = clock
  }

  /// Requests a second `operation` may be sent at.
  public func rate(of operation: IVSOperation) -> Double {
    switch pace {
    case .quota(let limit): return limit.map { min($0, operation.pace) } ?? operation.pace
    case .every(let rate): return rate
    }
  }

  /// The slots booked and the times requests left.
  private struct Bookings {
    var lastByOperation: [String: Double] = [:]
    var lastOfAll: Double?
    var sent: [Double] = []
  }

  /// Waits until `operation` may be sent, and books the slot. The next slot is spaced from
  /// when this request really leaves: a sleep that overshoots on a loaded machine would
  /// otherwise let the next request follow it early, two in one second.
  public func waitForSlot(_ operation: IVSOperation) {
    let slot = book(operation)
    clock.sleep(seconds: slot.time - slot.now)
    booked.withLock { booked in
      let leaves = max(slot.time, clock.now())
      if booked.lastByOperation[operation.name] == slot.time {
        booked.lastByOperation[operation.name] = leaves
      }
      if booked.lastOfAll == slot.time { booked.lastOfAll = leaves }
      booked.sent.append(leaves)
      if booked.sent.count > 64 { booked.sent.removeFirst(booked.sent.count - 64) }
    }
  }

  /// The earliest slot `operation` may have, booked so concurrent callers queue behind it.
  private func book(_ operation: IVSOperation) -> (time: Double, now: Double) {
    let rate = rate(of: operation)
    return booked.withLock { booked in
      let now = clock.now()
      var slot = now
      if let last = booked.lastByOperation[operation.name] {
        slot = max(slot, last + Self.spacingMargin / rate)
      }
      if let total, let last = booked.lastOfAll {
        slot = max(slot, last + Self.spacingMargin / total)
      }
      booked.lastByOperation[operation.name] = slot
      booked.lastOfAll = slot
      return (slot, now)
    }
  }

  /// Requests a second over the last few seconds, for a progress line.
  public var currentRate: Double {
    let now = clock.now()
    let recent = booked.withLock { $0.sent.filter { now - $0 <= 5 && $0 <= now } }
    guard let first = recent.first, recent.count > 1, now > first else { return 0 }
    return Double(recent.count - 1) / (now - first)
  }
}
