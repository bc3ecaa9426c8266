/// How counts and request rates read wherever stagemon states them (the live header, its
/// progress, the SDK-mix estimate, `fetch`'s progress line), so one figure never appears in two
/// shapes on one screen.
public enum Wording {
  /// "1,001": digits in groups of three.
  public static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 && digits[index - 1] != "-" {
        text.append(",")
      }
      text.append(digit)
    }
    return text
  }

  /// "1 req/s", "2.5 req/s": tenths, and none when whole.
  public static func rate(_ requestsPerSecond: Double) -> String {
    guard requestsPerSecond.isFinite else { return "? req/s" }
    let tenths = Int((min(max(requestsPerSecond, 0), 1e9) * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10) req/s" : "\(tenths / 10).\(tenths % 10) req/s"
  }
}
