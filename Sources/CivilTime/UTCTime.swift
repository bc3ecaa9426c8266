/// A second of a day in UTC, in years 0000–9999: what ISO 8601 and HTTP dates name once their
/// offset is applied. There are no leap seconds (23:59:60 is refused): POSIX time, the model's
/// clock and AWS's answers count none.
public struct UTCTime: Equatable, Sendable {
  /// The first instant a four-digit year can show: 0000-01-01T00:00:00Z.
  public static let earliest: Int64 = -62_167_219_200
  /// The last instant a four-digit year can show: 9999-12-31T23:59:59Z.
  public static let latest: Int64 = 253_402_300_799

  /// The day.
  public let date: CivilDate
  /// The hour, 0…23.
  public let hour: Int
  /// The minute, 0…59.
  public let minute: Int
  /// The second, 0…59.
  public let second: Int

  /// The time, or nil when the clock has no such hour, minute or second.
  public init?(date: CivilDate, hour: Int, minute: Int, second: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else {
      return nil
    }
    (self.date, self.hour, self.minute, self.second) = (date, hour, minute, second)
  }

  /// The time `seconds` after 1970-01-01T00:00:00Z, or nil outside `earliest…latest`.
  public init?(secondsSince1970 seconds: Int64) {
    guard (Self.earliest...Self.latest).contains(seconds) else { return nil }
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = Int(seconds - days * 86_400)
    date = CivilDate(unchecked: days)
    hour = secondOfDay / 3600
    minute = secondOfDay / 60 % 60
    second = secondOfDay % 60
  }

  /// Seconds from 1970-01-01T00:00:00Z (negative before it).
  public var secondsSince1970: Int64 {
    date.daysSince1970 * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }
}
