import CivilTime
import StageEngine

/// Timestamps as IVS writes them (`2023-04-26T20:36:28+00:00`,
/// `…T20:30:29.602000+00:00`, `…Z`), kept to the millisecond: real records order
/// events within one second, while the model's clock counts whole seconds.
public enum RecordTime {
  /// Milliseconds since 1970 for an ISO 8601 date-time (`ISO8601`'s forms and calendar rule)
  /// or an epoch number; nil when `text` is neither.
  public static func milliseconds(_ text: String) -> Int64? {
    milliseconds(utf8: text.utf8.span)
  }

  /// As `milliseconds(_:)`, from the timestamp's UTF-8.
  static func milliseconds(utf8: Span<UInt8>) -> Int64? {
    epochMilliseconds(utf8) ?? (try? ISO8601.parse(utf8: utf8))?.milliseconds
  }

  /// Epoch seconds (9–11 digits: `1773511820`, `1773511820.25`) or milliseconds (12–14
  /// digits: `1773511820000`), as exports and scripts write them; nil for anything else.
  /// Both stay below 1e11 s (the year 5138), within what a four-digit year gives.
  private static func epochMilliseconds(_ utf8: Span<UInt8>) -> Int64? {
    var index = 0
    var whole: Int64 = 0
    while index < utf8.count, let digit = digit(utf8[index]) {
      guard index < 14 else { return nil }
      whole = whole * 10 + digit
      index += 1
    }
    let digits = index
    guard digits >= 9 else { return nil }
    var millis: Int64 = 0
    if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      var scale: Int64 = 100
      while index < utf8.count, let digit = digit(utf8[index]) {
        millis += digit * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }  // a bare "." is not a time
    }
    guard index == utf8.count else { return nil }
    // No overflow: at most 14 digits, below 1e14.
    return digits >= 12 ? whole : whole * 1000 + millis
  }

  private static func digit(_ byte: UInt8) -> Int64? {
    byte >= 0x30 && byte <= 0x39 ? Int64(byte - 0x30) : nil
  }

  /// `2026-04-20T10:01:02.250Z` (the fraction only when there is one).
  public static func iso8601(milliseconds: Int64) -> String {
    let seconds = milliseconds.floorDivided(by: 1000)
    // From the remainder, not `milliseconds - seconds * 1000`, which overflows near Int64.min.
    let fraction = (milliseconds % 1000 + 1000) % 1000
    let base = String(VirtualTime.iso8601(seconds).dropLast())
    guard fraction != 0 else { return base + "Z" }
    let digits = String(fraction)
    return base + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }
}

extension Int64 {
  /// Division rounding towards negative infinity (times before 1970 stay ordered).
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
