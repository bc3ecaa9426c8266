/// Durations as people read them in a table: "in 11h", "in 5m", "expired 2h ago".
public enum RelativeTime {
  /// The time from `now` to `target`, in the largest whole unit.
  public static func until(_ target: Int64, now: Int64) -> String {
    let delta = span(from: now, to: target)
    if delta <= 0 { return delta == 0 ? "expires now" : "expired \(amount(-delta)) ago" }
    return "in \(amount(delta))"
  }

  /// "expires in 11h 59m", "expires in 4m 30s", "expired 1h 5m ago": two units, so the
  /// countdown visibly moves when the virtual clock advances by minutes.
  public static func countdown(_ target: Int64, now: Int64) -> String {
    let delta = span(from: now, to: target)
    if delta == 0 { return "expires now" }
    let text = precise(abs(delta))
    return delta > 0 ? "expires in \(text)" : "expired \(text) ago"
  }

  /// `target - now`, saturated to `-Int64.max...Int64.max` so that negating it never traps:
  /// both come from tokens and the clock, which may be extreme (`-1 - Int64.max` is exactly
  /// `Int64.min` without overflowing).
  static func span(from now: Int64, to target: Int64) -> Int64 {
    let (delta, overflow) = target.subtractingReportingOverflow(now)
    guard overflow else { return max(delta, -Int64.max) }
    return target > now ? Int64.max : -Int64.max
  }

  private static func precise(_ seconds: Int64) -> String {
    let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
    guard let first = units.firstIndex(where: { seconds >= $0.0 }) else { return "0s" }
    let (size, name) = units[first]
    var text = "\(seconds / size)\(name)"
    if first + 1 < units.count {
      let (next, nextName) = units[first + 1]
      let rest = (seconds % size) / next
      if rest > 0 { text += " \(rest)\(nextName)" }
    }
    return text
  }

  /// `13h`, `2d`, `45s`.
  public static func amount(_ seconds: Int64) -> String {
    switch seconds {
    case 86_400...: return "\(seconds / 86_400)d"
    case 3600...: return "\(seconds / 3600)h"
    case 60...: return "\(seconds / 60)m"
    default: return "\(seconds)s"
    }
  }
}
