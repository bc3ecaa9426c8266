import Glibc

/// The HTTP `Date` header (`Wed, 02 Dec 2026 01:00:00 GMT`), read to measure clock skew.
enum HTTPDate {
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func seconds(_ text: String) -> Double? {
    let words = text.split(separator: " ")
    guard words.count == 6, words[5] == "GMT", let day = Int32(words[1]),
      let month = months.firstIndex(of: String(words[2])), let year = Int32(words[3])
    else { return nil }
    let clock = words[4].split(separator: ":").compactMap { Int32($0) }
    guard clock.count == 3 else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = Int32(month)
    parts.tm_mday = day
    parts.tm_hour = clock[0]
    parts.tm_min = clock[1]
    parts.tm_sec = clock[2]
    return Double(timegm(&parts))
  }
}
