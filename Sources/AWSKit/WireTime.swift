import Glibc

/// ISO 8601 times as AWS writes them on the wire and in `credential_process` output:
/// `2023-04-26T20:36:28Z`, with or without fractions of a second, with `Z` or `±HH:MM`.
public enum WireTime {
  /// Seconds since 1970 (fractions kept), or nil when `text` is not such a time.
  public static func seconds(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), let hour = number(bytes[11..<13]),
      let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < bytes.count, let digit = digitValue(bytes[index]) {
        fraction += Double(digit) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard let offset = zoneOffset(bytes[index...]) else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    return Double(timegm(&parts) - offset) + fraction
  }

  /// `2026-12-02T01:02:03Z` for whole seconds since 1970.
  public static func text(secondsSince1970 seconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  private static func zoneOffset(_ rest: ArraySlice<UInt8>) -> Int? {
    let zone = Array(rest)
    if zone == [UInt8(ascii: "Z")] { return 0 }
    guard zone.count == 6, zone[3] == UInt8(ascii: ":"),
      zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
      let hours = number(zone[1..<3]), let minutes = number(zone[4..<6])
    else { return nil }
    let offset = hours * 3600 + minutes * 60
    return zone[0] == UInt8(ascii: "+") ? offset : -offset
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      guard let digit = digitValue(byte) else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}
