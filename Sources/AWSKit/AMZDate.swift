import Glibc

/// A request's signing time in SigV4's two spellings, from whole seconds since 1970 (formatted
/// with `gmtime_r`, so signing needs no date formatter and no locale).
public struct AMZDate: Sendable, Equatable {
  /// `20150830T123600Z` — the `X-Amz-Date` header.
  public let stamp: String
  /// `20150830` — the credential scope's date.
  public let day: String

  /// The time `seconds` after 1970-01-01T00:00:00Z.
  public init(secondsSince1970 seconds: Int64) {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let day =
      Self.digits(Int(parts.tm_year) + 1900, 4) + Self.digits(Int(parts.tm_mon) + 1, 2)
      + Self.digits(Int(parts.tm_mday), 2)
    self.day = day
    stamp =
      day + "T" + Self.digits(Int(parts.tm_hour), 2) + Self.digits(Int(parts.tm_min), 2)
      + Self.digits(Int(parts.tm_sec), 2) + "Z"
  }

  private static func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
