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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    func append(_ value: Int32, _ width: Int) {
      var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
      var rest = max(value, 0)
      for index in stride(from: width - 1, through: 0, by: -1) {
        digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      bytes += digits
    }
    append(parts.tm_year + 1900, 4)
    append(parts.tm_mon + 1, 2)
    append(parts.tm_mday, 2)
    day = String(decoding: bytes, as: UTF8.self)
    bytes.append(UInt8(ascii: "T"))
    append(parts.tm_hour, 2)
    append(parts.tm_min, 2)
    append(parts.tm_sec, 2)
    bytes.append(UInt8(ascii: "Z"))
    stamp = String(decoding: bytes, as: UTF8.self)
  }
}
