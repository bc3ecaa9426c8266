import CivilTime

/// The model's instants (Unix seconds) as the text scenarios and the event stream carry
/// (`2026-01-01T12:00:00Z`), through the one ISO 8601 reader and writer (`ISO8601`).
public enum VirtualTime {
  /// The virtual start time of a scenario that names none: 2026-01-01T12:00:00Z.
  public static let defaultStart: Int64 = 1_767_268_800
  /// The first instant ISO 8601 text can show: 0000-01-01T00:00:00Z.
  public static let earliest = UTCTime.earliest
  /// The last instant ISO 8601 text can show, and where the virtual clock stops:
  /// 9999-12-31T23:59:59Z.
  public static let latest = UTCTime.latest

  /// The 20-character `YYYY-MM-DDTHH:MM:SSZ` text of `seconds`, or "out of range (after 9999)"
  /// / "out of range (before 0000)" for instants a four-digit year cannot show (tokens may
  /// carry any integer; the virtual clock itself never leaves the range).
  public static func iso8601(_ seconds: Int64) -> String { ISO8601.text(seconds) }

  /// Appends the ISO 8601 text of `seconds` to `out` (years 0000–9999; see `iso8601`).
  public static func write(_ seconds: Int64, into out: inout [UInt8]) {
    ISO8601.write(seconds, into: &out)
  }

  /// The instant of `text` written as stagemon writes times, `YYYY-MM-DDTHH:MM:SSZ`: whole
  /// seconds in UTC, so a scenario reads the same in every tool; nil for any other text or a
  /// day or second not on the calendar (`ISO8601`'s one rule).
  public static func parse(_ text: String) -> Int64? {
    guard let time = try? ISO8601.parse(text), time.isCanonical else { return nil }
    return time.seconds
  }
}
