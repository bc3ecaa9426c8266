/// The one reader and writer of ISO 8601 date-times, for scenarios, records, AWS answers and the
/// event stream, so that every time stagemon reads passes the same rule and every time it
/// writes has the same form. By calendar arithmetic, never through `Date`, a formatter or the C
/// library: the model must not touch the wall clock, and the event stream writes millions.
///
/// Accepted forms (RFC 3339's date-time, plus the space of Python's `str(datetime)` and an
/// offset without its colon, as IVS exports and boto3 write them):
///
///     YYYY-MM-DD ( T | t | space ) hh:mm:ss [ .fraction ] ( Z | z | ±hh:mm | ±hhmm )
///
/// with four-digit years 0000–9999, a day that is on the calendar (`CivilDate`), hours 00–23,
/// minutes and seconds 00–59 (no leap second), a fraction of one digit or more (kept to the
/// nanosecond), and an offset of at most 23:59. Anything else is not a time. A day alone is
/// `YYYY-MM-DD` (`parseDate`).
public enum ISO8601 {
  /// How a time is written: both are ISO 8601.
  public enum Form: Sendable {
    /// `2026-01-01T12:00:00Z`: the event stream, scenarios, records, reports.
    case extended
    /// `20260101T120000Z`: SigV4's `X-Amz-Date`.
    case basic
  }

  /// The time `text` names; throws when it is not in an accepted form or names no such day or
  /// second.
  public static func parse(_ text: String) throws(ISO8601Error) -> ISO8601Time {
    try parse(utf8: text.utf8.span)
  }

  /// As `parse(_:)`, from the text's UTF-8 (a record's timestamp, read in place).
  public static func parse(utf8 bytes: Span<UInt8>) throws(ISO8601Error) -> ISO8601Time {
    guard bytes.count >= 20,
      bytes[10] == ascii("T") || bytes[10] == ascii("t") || bytes[10] == ascii(" "),
      bytes[13] == ascii(":"), bytes[16] == ascii(":"),
      let hour = number(bytes, at: 11, digits: 2), let minute = number(bytes, at: 14, digits: 2),
      let second = number(bytes, at: 17, digits: 2)
    else { throw .malformed }
    let date = try date(bytes)
    guard let time = UTCTime(date: date, hour: hour, minute: minute, second: second) else {
      throw .noSuchTime
    }
    var index = 19
    var nanoseconds = 0
    if bytes[index] == ascii(".") {
      index += 1
      let start = index
      var scale = 100_000_000
      while index < bytes.count, let digit = digit(bytes[index]) {
        nanoseconds += digit * scale
        scale /= 10
        index += 1
      }
      guard index > start else { throw .malformed }
    }
    let offset = try offset(bytes, at: index)
    return ISO8601Time(
      seconds: time.secondsSince1970 - offset, nanoseconds: Int32(nanoseconds),
      isCanonical: bytes.count == 20 && bytes[10] == ascii("T") && bytes[19] == ascii("Z"))
  }

  /// The day `text` names as `YYYY-MM-DD`; throws when it is not that form or no such day.
  public static func parseDate(_ text: String) throws(ISO8601Error) -> CivilDate {
    let bytes = text.utf8.span
    guard bytes.count == 10 else { throw .malformed }
    return try date(bytes)
  }

  /// The text of `seconds` in `form` (`2026-01-01T12:00:00Z`), or "out of range (before 0000)"
  /// / "out of range (after 9999)" for instants a four-digit year cannot show (tokens may carry
  /// any integer).
  public static func text(_ seconds: Int64, form: Form = .extended) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    write(seconds, form: form, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text(seconds, form:)`'s UTF-8 to `out`.
  public static func write(_ seconds: Int64, form: Form = .extended, into out: inout [UInt8]) {
    guard let time = UTCTime(secondsSince1970: seconds) else {
      let side = seconds < UTCTime.earliest ? "before 0000" : "after 9999"
      return out.append(contentsOf: "out of range (\(side))".utf8)
    }
    let (dash, colon): (UInt8?, UInt8?) =
      form == .extended ? (ascii("-"), ascii(":")) : (nil, nil)
    appendDigits(time.date.year, count: 4, to: &out)
    if let dash { out.append(dash) }
    appendDigits(time.date.month, count: 2, to: &out)
    if let dash { out.append(dash) }
    appendDigits(time.date.day, count: 2, to: &out)
    out.append(ascii("T"))
    appendDigits(time.hour, count: 2, to: &out)
    if let colon { out.append(colon) }
    appendDigits(time.minute, count: 2, to: &out)
    if let colon { out.append(colon) }
    appendDigits(time.second, count: 2, to: &out)
    out.append(ascii("Z"))
  }

  /// The `YYYY-MM-DD` that starts `bytes`.
  private static func date(_ bytes: Span<UInt8>) throws(ISO8601Error) -> CivilDate {
    guard bytes.count >= 10, bytes[4] == ascii("-"), bytes[7] == ascii("-"),
      let year = number(bytes, at: 0, digits: 4), let month = number(bytes, at: 5, digits: 2),
      let day = number(bytes, at: 8, digits: 2)
    else { throw .malformed }
    guard let date = CivilDate(year: year, month: month, day: day) else { throw .noSuchDay }
    return date
  }

  /// `Z`/`z` → 0; `±hh:mm` / `±hhmm` → seconds east of UTC; throws for anything else, or for
  /// anything after the offset.
  private static func offset(_ bytes: Span<UInt8>, at start: Int) throws(ISO8601Error) -> Int64 {
    guard start < bytes.count else { throw .malformed }
    let sign = bytes[start]
    if sign == ascii("Z") || sign == ascii("z") {
      guard start + 1 == bytes.count else { throw .malformed }
      return 0
    }
    guard sign == ascii("+") || sign == ascii("-") else { throw .malformed }
    let minutesAt =
      start + 3 < bytes.count && bytes[start + 3] == ascii(":") ? start + 4 : start + 3
    guard minutesAt + 2 == bytes.count, let hours = number(bytes, at: start + 1, digits: 2),
      let minutes = number(bytes, at: minutesAt, digits: 2)
    else { throw .malformed }
    guard hours < 24, minutes < 60 else { throw .noSuchTime }
    let offset = Int64(hours * 3600 + minutes * 60)
    return sign == ascii("+") ? offset : -offset
  }

  /// The decimal number in `digits` bytes from `start`, or nil when one is not a digit.
  private static func number(_ bytes: Span<UInt8>, at start: Int, digits: Int) -> Int? {
    guard start + digits <= bytes.count else { return nil }
    var value = 0
    for index in start..<(start + digits) {
      guard let digit = digit(bytes[index]) else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  private static func digit(_ byte: UInt8) -> Int? {
    (ascii("0")...ascii("9")).contains(byte) ? Int(byte &- ascii("0")) : nil
  }

  private static func appendDigits(_ value: Int, count: Int, to out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = max(0, value)
    while divisor > 0 {
      out.append(ascii("0") &+ UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }
}

/// Why text is not an ISO 8601 date or time: its form, or a day or second the calendar lacks.
public enum ISO8601Error: Error, Equatable, Sendable {
  /// Not one of the accepted forms (`ISO8601`).
  case malformed
  /// In form, but no such day: 31 February, 29 February of a common year, month 13, day 0.
  case noSuchDay
  /// In form, but no such hour, minute or second (24:00:00, 23:59:60) or offset (+24:00).
  case noSuchTime
}

/// A time read from ISO 8601 text: the instant, to the nanosecond, and whether it was written in
/// the one form stagemon writes (scenarios ask for that form, so a scenario reads the same in
/// every tool).
public struct ISO8601Time: Equatable, Sendable {
  /// Whole seconds since 1970-01-01T00:00:00Z, the fraction apart (so never rounded).
  public let seconds: Int64
  /// The fraction of the second, 0…999,999,999; digits past the ninth are dropped.
  public let nanoseconds: Int32
  /// Whether the text was exactly `ISO8601.text(seconds)`'s form: `T`, no fraction, `Z`.
  public let isCanonical: Bool

  /// Milliseconds since 1970 (the fraction's further digits dropped). Cannot overflow: four-digit
  /// years keep `seconds` within ±3.2e11.
  public var milliseconds: Int64 { seconds * 1000 + Int64(nanoseconds / 1_000_000) }

  /// Seconds since 1970 with the fraction, as AWS clocks count.
  public var secondsWithFraction: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}
