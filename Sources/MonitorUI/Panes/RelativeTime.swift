import StageEngine

/// Durations as people read them in a table: "in 11h", "in 5m", "expired 2h ago".
public enum RelativeTime {
  /// The time from `now` to `target`, in the largest whole unit. Any two instants work, even a
  /// token's `exp` of Int64.max seen from a distant past.
  public static func until(_ target: Int64, now: Int64) -> String {
    let distance = VirtualDuration.distance(from: now, to: target)
    if target <= now { return distance == 0 ? "expires now" : "expired \(amount(distance)) ago" }
    return "in \(amount(distance))"
  }

  /// `13h`, `2d`, `45s`.
  public static func amount(_ seconds: UInt64) -> String {
    switch seconds {
    case 86_400...: return "\(seconds / 86_400)d"
    case 3600...: return "\(seconds / 3600)h"
    case 60...: return "\(seconds / 60)m"
    default: return "\(seconds)s"
    }
  }
}
