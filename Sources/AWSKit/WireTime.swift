import CivilTime

/// Times as AWS writes them on the wire, in one place: ISO 8601 in answers and in
/// `credential_process` output (`2023-04-26T20:36:28Z`, with or without a fraction, `Z` or an
/// offset), read by the one ISO 8601 reader (`ISO8601`, its forms and calendar rule).
public enum WireTime {
  /// Seconds since 1970 (fractions kept), or nil when `text` is not such a time.
  public static func seconds(_ text: String) -> Double? {
    (try? ISO8601.parse(text))?.secondsWithFraction
  }

  /// `2026-12-02T01:02:03Z` for whole seconds since 1970.
  public static func text(secondsSince1970 seconds: Int64) -> String { ISO8601.text(seconds) }
}

/// A request's signing time in SigV4's two spellings, from whole seconds since 1970 (ISO 8601's
/// basic form, so signing needs no date formatter and no locale).
public struct AMZDate: Sendable, Equatable {
  /// `20150830T123600Z` — the `X-Amz-Date` header.
  public let stamp: String
  /// `20150830` — the credential scope's date.
  public let day: String

  /// The time `seconds` after 1970-01-01T00:00:00Z.
  public init(secondsSince1970 seconds: Int64) {
    stamp = ISO8601.text(seconds, form: .basic)
    day = String(stamp.prefix(8))
  }
}

/// The HTTP `Date` header (RFC 9110's IMF-fixdate, `Wed, 02 Dec 2026 01:00:00 GMT`), read to
/// measure clock skew; a day or second not on the calendar is no date.
enum HTTPDate {
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func seconds(_ text: String) -> Double? {
    let words = text.split(separator: " ")
    guard words.count == 6, words[5] == "GMT", let day = number(words[1], digits: 2),
      let month = months.firstIndex(of: String(words[2])), let year = number(words[3], digits: 4),
      let date = CivilDate(year: year, month: month + 1, day: day)
    else { return nil }
    let clock = words[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, let hour = number(clock[0], digits: 2),
      let minute = number(clock[1], digits: 2), let second = number(clock[2], digits: 2),
      let time = UTCTime(date: date, hour: hour, minute: minute, second: second)
    else { return nil }
    return Double(time.secondsSince1970)
  }

  /// The number `word` writes in exactly `digits` ASCII digits, or nil.
  private static func number(_ word: Substring, digits: Int) -> Int? {
    guard word.utf8.count == digits, word.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(word)
  }
}
