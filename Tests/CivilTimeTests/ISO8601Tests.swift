import CivilTime
import Seeded
import Testing

@Suite struct ISO8601Tests {
  /// Every generated date-time that is on the calendar reads back as the seconds the obvious
  /// reference counts, in every accepted form; every one that is not (a day past its month's
  /// last, 29 February of a common year, month 0 or 13, hour 24, second 60) is refused.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func generatedTimesMatchTheObviousReference(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    var failures: [String] = []
    for _ in 0..<5_000 {
      let fields = Fields.random(using: &generator)
      let text = fields.text
      let expected = fields.reference.map { ($0, fields.nanos) }
      let read = Result { () throws(ISO8601Error) in try ISO8601.parse(text) }
        .map { ($0.seconds, $0.nanoseconds) }
      if !Self.same(read, expected) {
        failures.append("\(text): read \(read), expected \(expected)")
      }
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  static func same(
    _ read: Result<(Int64, Int32), ISO8601Error>, _ expected: Result<(Int64, Int32), ISO8601Error>
  ) -> Bool {
    switch (read, expected) {
    case (.success(let a), .success(let b)): a == b
    case (.failure(let a), .failure(let b)): a == b
    default: false
    }
  }

  /// Every instant in the four-digit years writes as text that reads back as itself, and the
  /// text is in the one form scenarios ask for.
  @Test(arguments: [UInt64(11), 12])
  func everyWrittenTimeReadsBackAsItself(seed: UInt64) {
    var generator = SeededRandom(seed: seed)
    var failures: [Int64] = []
    for _ in 0..<20_000 {
      let seconds = Int64.random(in: UTCTime.earliest...UTCTime.latest, using: &generator)
      let read = try? ISO8601.parse(ISO8601.text(seconds))
      if read?.seconds != seconds || read?.isCanonical != true { failures.append(seconds) }
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
  }

  @Test(arguments: [
    ("2026-02-31T00:00:00Z", ISO8601Error.noSuchDay), ("2025-02-29T00:00:00Z", .noSuchDay),
    ("1900-02-29T00:00:00Z", .noSuchDay), ("2026-04-31T00:00:00Z", .noSuchDay),
    ("2026-00-10T00:00:00Z", .noSuchDay), ("2026-13-01T00:00:00Z", .noSuchDay),
    ("2026-01-00T00:00:00Z", .noSuchDay), ("2026-01-01T24:00:00Z", .noSuchTime),
    ("2026-01-01T23:60:00Z", .noSuchTime), ("2016-12-31T23:59:60Z", .noSuchTime),
    ("2023-04-26T20:36:28+24:00", .noSuchTime), ("2023-04-26T20:36:28+00:60", .noSuchTime),
  ])
  func daysAndSecondsNotOnTheCalendarAreRefused(text: String, error: ISO8601Error) {
    #expect(throws: error) { try ISO8601.parse(text) }
  }

  @Test(arguments: [
    "2024-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "0000-02-29T00:00:00Z",
  ])
  func leapDaysAreRead(text: String) {
    #expect(throws: Never.self) { try ISO8601.parse(text) }
  }

  @Test func aDayAloneReadsByTheSameRule() throws {
    #expect(try ISO8601.parseDate("2024-02-29") == CivilDate(year: 2024, month: 2, day: 29))
    #expect(try ISO8601.parseDate("2024-02-29").description == "2024-02-29")
    #expect(throws: ISO8601Error.noSuchDay) { try ISO8601.parseDate("2026-02-30") }
    #expect(throws: ISO8601Error.malformed) { try ISO8601.parseDate("2026-2-28") }
    #expect(throws: ISO8601Error.malformed) { try ISO8601.parseDate("2026-02-28T00:00:00Z") }
    #expect(try ISO8601.parseDate("2025-12-31") < ISO8601.parseDate("2026-01-01"))
  }

  @Test(arguments: [
    ("2023-04-26T20:36:28Z", Int64(1_682_541_388), Int32(0), true),
    ("2023-04-26T20:36:28+00:00", 1_682_541_388, 0, false),
    ("2023-04-26t20:36:28z", 1_682_541_388, 0, false),
    ("2023-04-26 22:36:28+0200", 1_682_541_388, 0, false),
    ("2023-04-26T15:36:28-05:00", 1_682_541_388, 0, false),
    ("2023-04-26T20:36:28.5Z", 1_682_541_388, 500_000_000, false),
    ("2023-04-26T20:36:28.1234567891Z", 1_682_541_388, 123_456_789, false),
    ("1969-12-31T23:59:59.250Z", -1, 250_000_000, false),
  ])
  func everyAcceptedFormReads(text: String, seconds: Int64, nanoseconds: Int32, canonical: Bool) {
    let time = try? ISO8601.parse(text)
    #expect(time?.seconds == seconds)
    #expect(time?.nanoseconds == nanoseconds)
    #expect(time?.isCanonical == canonical)
  }

  @Test(arguments: [
    "", "2023-04-26T20:36:28", "2023-04-26T20:36:28.Z", "2023-04-26_20:36:28Z",
    "2023-04-26T20:36:28Z ", "2023-04-26T20:36:28+2:00", "2023-04-26T20:36:28+00:00:00",
    "23-04-26T20:36:28Z",
    "2023-4-26T20:36:28Z", "+2023-04-26T20:36:28Z", "2023-04-26T20:36Z", "١٩٧٠-01-01T00:00:00Z",
  ])
  func otherTextIsNotATime(text: String) {
    #expect(throws: ISO8601Error.malformed) { try ISO8601.parse(text) }
  }

  @Test func theBasicFormIsSigV4sAmzDate() {
    #expect(ISO8601.text(1_440_938_160, form: .basic) == "20150830T123600Z")
  }

  @Test func instantsPastFourDigitYearsWriteAsOutOfRange() {
    #expect(ISO8601.text(UTCTime.latest) == "9999-12-31T23:59:59Z")
    #expect(ISO8601.text(UTCTime.latest + 1) == "out of range (after 9999)")
    #expect(ISO8601.text(UTCTime.earliest) == "0000-01-01T00:00:00Z")
    #expect(ISO8601.text(UTCTime.earliest - 1) == "out of range (before 0000)")
  }
}

/// The fields of a date-time, some of them off the calendar, and the obvious reference: days
/// counted a year and a month at a time from 1970, with the leap rule written out.
struct Fields {
  var year, month, day, hour, minute, second: Int
  var nanos: Int32
  var fraction: String
  var separator: String
  var zone: String
  var offsetSeconds: Int

  static func random(using generator: inout SeededRandom) -> Fields {
    let offsetMinutes = Int.random(in: -(23 * 60 + 59)...(23 * 60 + 59), using: &generator)
    let zoneStyle = Int.random(in: 0..<4, using: &generator)
    let magnitude = abs(offsetMinutes)
    let sign = offsetMinutes < 0 ? "-" : "+"
    let zone =
      switch zoneStyle {
      case 0: "Z"
      case 1: "z"
      case 2: "\(sign)\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
      default: "\(sign)\(pad(magnitude / 60, 2))\(pad(magnitude % 60, 2))"
      }
    let digits = Int.random(in: 0...11, using: &generator)
    var fraction = ""
    var nanos: Int32 = 0
    for place in 0..<digits {
      let digit = Int.random(in: 0...9, using: &generator)
      fraction += String(digit)
      if place < 9 { nanos = nanos * 10 + Int32(digit) }
    }
    if digits > 0, digits < 9 { for _ in digits..<9 { nanos *= 10 } }
    return Fields(
      year: Int.random(in: 0...9999, using: &generator),
      month: Int.random(in: 0...13, using: &generator),
      day: Int.random(in: 0...32, using: &generator),
      hour: Int.random(in: 0...24, using: &generator),
      minute: Int.random(in: 0...60, using: &generator),
      second: Int.random(in: 0...60, using: &generator),
      nanos: nanos, fraction: digits == 0 ? "" : "." + fraction,
      separator: ["T", "t", " "][Int.random(in: 0..<3, using: &generator)],
      zone: zone, offsetSeconds: zoneStyle < 2 ? 0 : offsetMinutes * 60)
  }

  var text: String {
    "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))\(separator)"
      + "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))\(fraction)\(zone)"
  }

  /// Seconds since 1970, or why the fields name no day or second.
  var reference: Result<Int64, ISO8601Error> {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard month >= 1, month <= 12, day >= 1, day <= monthLengths[month - 1] else {
      return .failure(.noSuchDay)
    }
    guard hour <= 23, minute <= 59, second <= 59 else { return .failure(.noSuchTime) }
    var days = Self.yearStarts[year]
    for m in 0..<(month - 1) { days += monthLengths[m] }
    days += day - 1
    return .success(
      Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds))
  }

  /// Days from 1970-01-01 to 1 January of each year 0…9999, a year at a time.
  static let yearStarts: [Int] = {
    func length(_ year: Int) -> Int {
      (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 366 : 365
    }
    var starts = Array(repeating: 0, count: 10_000)
    for year in stride(from: 1969, through: 0, by: -1) {
      starts[year] = starts[year + 1] - length(year)
    }
    for year in 1971..<10_000 { starts[year] = starts[year - 1] + length(year - 1) }
    return starts
  }()

  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
