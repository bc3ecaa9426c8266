/// A length of time as a message says it to a person ("30 seconds", "2.5 seconds",
/// "15 minutes", "2 hours"), for errors that say how long stagemon waited.
enum TimeWords {
  /// `seconds` in the largest unit that keeps it readable.
  static func of(seconds: Double) -> String {
    if seconds >= 7_200 { return count(seconds / 3_600, "hour") }
    if seconds >= 120 { return count(seconds / 60, "minute") }
    return count(seconds, "second")
  }

  private static func count(_ value: Double, _ unit: String) -> String {
    let rounded = (value * 10).rounded() / 10
    let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    return number + " " + unit + (rounded == 1 ? "" : "s")
  }
}
