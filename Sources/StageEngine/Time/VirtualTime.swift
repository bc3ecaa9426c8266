/// Converts between Unix seconds and ISO 8601 UTC text (`2026-01-01T12:00:00Z`)
/// by calendar arithmetic, never through `Date` or a formatter: the model must
/// not touch the wall clock, and the event-stream writer formats millions of
/// timestamps, so this has to be exact and cheap.
public enum VirtualTime {
  /// The virtual start time of a scenario that names none: 2026-01-01T12:00:00Z.
  public static let defaultStart: Int64 = 1_767_268_800
  /// The first instant ISO 8601 text can show: 0000-01-01T00:00:00Z.
  public static let earliest: Int64 = -62_167_219_200
  /// The last instant ISO 8601 text can show, and where the virtual clock stops:
  /// 9999-12-31T23:59:59Z.
  public static let latest: Int64 = 253_402_300_799

  /// The 20-character `YYYY-MM-DDTHH:MM:SSZ` text of `seconds`, or "out of range (after 9999)"
  /// / "out of range (before 0000)" for instants a four-digit year cannot show (tokens may
  /// carry any integer; the virtual clock itself never leaves the range).
  public static func iso8601(_ seconds: Int64) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    write(seconds, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the ISO 8601 text of `seconds` to `out` (years 0000–9999; see `iso8601`).
  public static func write(_ seconds: Int64, into out: inout [UInt8]) {
    guard seconds >= earliest else {
      return out.append(contentsOf: "out of range (before 0000)".utf8)
    }
    guard seconds <= latest else { return out.append(contentsOf: "out of range (after 9999)".utf8) }
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = Int(seconds - days * 86_400)
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    appendDigits(Int(year), count: 4, to: &out)
    out.append(UInt8(ascii: "-"))
    appendDigits(month, count: 2, to: &out)
    out.append(UInt8(ascii: "-"))
    appendDigits(day, count: 2, to: &out)
    out.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3600, count: 2, to: &out)
    out.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, count: 2, to: &out)
    out.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, count: 2, to: &out)
    out.append(UInt8(ascii: "Z"))
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`; `nil` for any other text or an impossible date.
  public static func parse(_ text: String) -> Int64? {
    let b = Array(text.utf8)
    guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
      b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
      b[19] == UInt8(ascii: "Z"),
      let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
      let hour = number(b[11..<13]), let minute = number(b[14..<16]),
      let second = number(b[17..<19]),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for d in digits {
      guard d >= 0x30, d <= 0x39 else { return nil }
      value = value * 10 + Int(d - 0x30)
    }
    return value
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Division rounding towards negative infinity, for positive `b`; cannot overflow.
  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return a % b < 0 ? quotient - 1 : quotient
  }

  private static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = max(0, value)
    while divisor > 0 {
      out.append(UInt8(0x30 + rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  // Howard Hinnant's days-from-civil / civil-from-days algorithms.
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int, Int) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
