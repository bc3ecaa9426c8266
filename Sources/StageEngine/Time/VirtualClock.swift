/// The stage's only source of time (SPEC §2.1).
///
/// Every timestamp in the model comes from here and only scenarios or the
/// person at the keyboard move it, so a run is deterministic and a support
/// engineer can jump 13 hours ahead to watch a token expire. `VirtualTime`
/// formats its readings as ISO 8601.
public struct VirtualClock: Equatable, Sendable {
  /// Current virtual time in Unix seconds.
  public private(set) var now: Int64

  /// Starts the clock at `start` (Unix seconds).
  public init(start: Int64) { self.now = start }

  /// Moves the clock forward; negative spans are ignored because time never runs back. The
  /// clock stops at `VirtualTime.latest` (9999-12-31T23:59:59Z), the last instant the stream
  /// can write, so every timestamp it hands out is showable and `now + duration` fits.
  public mutating func advance(bySeconds seconds: Int64) {
    guard seconds > 0 else { return }
    let (sum, overflow) = now.addingReportingOverflow(seconds)
    now = max(now, overflow ? VirtualTime.latest : min(sum, VirtualTime.latest))
  }

  /// Moves the clock forward by a scenario duration such as `13h`.
  public mutating func advance(by duration: VirtualDuration) {
    advance(bySeconds: duration.seconds)
  }
}
