import StageEngine

/// Timestamps as IVS writes them (`2023-04-26T20:36:28+00:00`,
/// `…T20:30:29.602000+00:00`, `…Z`), kept to the millisecond: real records order
/// events within one second, while the model's clock counts whole seconds.
public enum RecordTime {
  /// Milliseconds since 1970 for an ISO 8601 date-time with `Z` or a `±HH:MM` offset and
  /// an optional fraction; nil when `text` is not one.
  public static func milliseconds(_ text: String) -> Int64? {
    if let result = text.utf8.withContiguousStorageIfAvailable(milliseconds(utf8:)) {
      return result
    }
    return Array(text.utf8).withUnsafeBufferPointer(milliseconds(utf8:))
  }

  /// As `milliseconds(_:)`, from the timestamp's UTF-8.
  static func milliseconds(utf8: UnsafeBufferPointer<UInt8>) -> Int64? {
    if let epoch = epochMilliseconds(utf8) { return epoch }
    var scanner = Scanner(utf8)
    // `T`, or the space of Python's `str(datetime)` and boto3's output.
    guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2),
      scanner.skip("-"), let day = scanner.number(2),
      scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
      let hour = scanner.number(2), scanner.skip(":"), let minute = scanner.number(2),
      scanner.skip(":"), let second = scanner.number(2)
    else { return nil }
    let millis = scanner.fraction()
    guard let offset = scanner.offset(), scanner.atEnd else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    // No overflow: a four-digit year keeps `seconds` within ±3.2e11, so milliseconds fit.
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offset
    return seconds * 1000 + millis
  }

  /// Epoch seconds (9–11 digits: `1773511820`, `1773511820.25`) or milliseconds (12–14
  /// digits: `1773511820000`), as exports and scripts write them; nil for anything else.
  /// Both stay below 1e11 s (the year 5138), within what a four-digit year gives.
  private static func epochMilliseconds(_ utf8: UnsafeBufferPointer<UInt8>) -> Int64? {
    var scanner = Scanner(utf8)
    var digits = 0
    var whole: Int64 = 0
    while let digit = scanner.digit() {
      digits += 1
      guard digits <= 14 else { return nil }
      whole = whole * 10 + Int64(digit)
    }
    guard digits >= 9 else { return nil }
    let fraction = scanner.fraction()
    guard scanner.atEnd else { return nil }
    // No overflow: at most 14 digits, below 1e14.
    return digits >= 12 ? whole : whole * 1000 + fraction
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

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's algorithm), for years 0–9999.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// A cursor over the timestamp's bytes (borrowed: reading a million timestamps copies none).
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
      index += 1
      return true
    }

    mutating func digit() -> Int? {
      guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
      index += 1
      return Int(bytes[index - 1] - 0x30)
    }

    mutating func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + digits] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += digits
      return value
    }

    /// `.602000` → 602 ms; no fraction → 0. Digits beyond milliseconds are dropped.
    mutating func fraction() -> Int64 {
      guard skip(".") else { return 0 }
      var millis: Int64 = 0
      var count = 0
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        if count < 3 { millis = millis * 10 + Int64(bytes[index] - 0x30) }
        count += 1
        index += 1
      }
      guard count > 0 else {
        index = bytes.count + 1  // a bare "." is not a timestamp
        return 0
      }
      for _ in count..<max(count, 3) { millis *= 10 }
      return millis
    }

    /// `Z` → 0; `+HH:MM` / `-HH:MM` / `+HHMM` → seconds east of UTC.
    mutating func offset() -> Int64? {
      if skip("Z") || skip("z") { return 0 }
      let sign: Int64
      if skip("+") {
        sign = 1
      } else if skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let hours = number(2) else { return nil }
      _ = skip(":")
      guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
      return sign * Int64(hours * 3600 + minutes * 60)
    }
  }
}

extension Int64 {
  /// Division rounding towards negative infinity (times before 1970 stay ordered).
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
