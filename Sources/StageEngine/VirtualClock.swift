/// The stage's only source of time (SPEC §2.1).
///
/// Every timestamp in the model comes from here and only scenarios or the
/// person at the keyboard move it, so a run is deterministic and a support
/// engineer can jump 13 hours ahead to watch a token expire.
public struct VirtualClock: Equatable, Sendable {
  /// Current virtual time in Unix seconds.
  public private(set) var now: Int64

  /// Starts the clock at `start` (Unix seconds).
  public init(start: Int64) { self.now = start }

  /// Moves the clock forward; negative spans are ignored because time never runs back.
  public mutating func advance(bySeconds seconds: Int64) {
    guard seconds > 0 else { return }
    let (sum, overflow) = now.addingReportingOverflow(seconds)
    now = overflow ? Int64.max : sum
  }

  /// Moves the clock forward by a scenario duration such as `13h`.
  public mutating func advance(by duration: VirtualDuration) {
    advance(bySeconds: duration.seconds)
  }

  /// `now` as ISO 8601 UTC, e.g. `2026-01-01T12:00:00Z`.
  public var iso8601: String { Self.iso8601(now) }

  /// Formats Unix seconds as ISO 8601 UTC without touching Foundation's calendars,
  /// so the event stream is byte-identical on every machine.
  public static func iso8601(_ unixSeconds: Int64) -> String {
    let days = floorDivide(unixSeconds, 86_400)
    let secondOfDay = unixSeconds - days * 86_400
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
      + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
      + pad(secondOfDay % 60, 2) + "Z"
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
  private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
    let z = daysSinceEpoch + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
