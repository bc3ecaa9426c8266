import Foundation

/// The time and the waiting the client and its pacer use, injected so tests run on a fake
/// clock that advances when it is asked to sleep.
public protocol AWSClock: Sendable {
  /// Seconds since 1970.
  func now() -> Double
  /// Waits `seconds`.
  func sleep(seconds: Double)
}

/// The system clock.
public struct SystemClock: AWSClock {
  /// Creates the system clock.
  public init() {}
  /// Seconds since 1970.
  public func now() -> Double { Date().timeIntervalSince1970 }
  /// Waits `seconds`.
  public func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    Thread.sleep(forTimeInterval: seconds)
  }
}
