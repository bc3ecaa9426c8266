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
      let hour = twoDigits(bytes, at: 11), let minute = twoDigits(bytes, at: 14),
      let second = twoDigits(bytes, at: 17)
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
      while index < bytes.count, let digit = digit(bytes[index]) {
        if index - start < 9 { nanoseconds = nanoseconds * 10 + digit }
        index += 1
      }
      guard index > start else { throw .malformed }
      for _ in min(index - start, 9)..<9 { nanoseconds *= 10 }
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
    let extended = form == .extended
    appendTwoDigits(time.date.year / 100, to: &out)
    appendTwoDigits(time.date.year % 100, to: &out)
    if extended { out.append(ascii("-")) }
    appendTwoDigits(time.date.month, to: &out)
    if extended { out.append(ascii("-")) }
    appendTwoDigits(time.date.day, to: &out)
    out.append(ascii("T"))
    appendTwoDigits(time.hour, to: &out)
    if extended { out.append(ascii(":")) }
    appendTwoDigits(time.minute, to: &out)
    if extended { out.append(ascii(":")) }
    appendTwoDigits(time.second, to: &out)
    out.append(ascii("Z"))
  }

  /// The `YYYY-MM-DD` that starts `bytes`.
  private static func date(_ bytes: Span<UInt8>) throws(ISO8601Error) -> CivilDate {
    guard bytes.count >= 10, bytes[4] == ascii("-"), bytes[7] == ascii("-"),
      let century = twoDigits(bytes, at: 0), let yearOfCentury = twoDigits(bytes, at: 2),
      let month = twoDigits(bytes, at: 5), let day = twoDigits(bytes, at: 8)
    else { throw .malformed }
    let year = century * 100 + yearOfCentury
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
    guard minutesAt + 2 == bytes.count, let hours = twoDigits(bytes, at: start + 1),
      let minutes = twoDigits(bytes, at: minutesAt)
    else { throw .malformed }
    guard hours < 24, minutes < 60 else { throw .noSuchTime }
    let offset = Int64(hours * 3600 + minutes * 60)
    return sign == ascii("+") ? offset : -offset
  }

  /// The two-digit number at `start`, or nil when either byte is not a digit (read without a
  /// loop: a record's timestamp is read a million times).
  private static func twoDigits(_ bytes: Span<UInt8>, at start: Int) -> Int? {
    guard start + 2 <= bytes.count, let tens = digit(bytes[start]),
      let ones = digit(bytes[start + 1])
    else { return nil }
    return tens * 10 + ones
  }

  private static func digit(_ byte: UInt8) -> Int? {
    let value = byte &- ascii("0")
    return value < 10 ? Int(value) : nil
  }

  /// Appends `value` (0…99) as two digits.
  private static func appendTwoDigits(_ value: Int, to out: inout [UInt8]) {
    out.append(ascii("0") &+ UInt8(truncatingIfNeeded: value / 10))
    out.append(ascii("0") &+ UInt8(truncatingIfNeeded: value % 10))
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
