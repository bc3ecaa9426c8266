import Testing

@testable import StageEngine

/// Formatting and distances of any instant a token can carry (issue #8 §1, second class):
/// no trap, and years a four-digit ISO 8601 year cannot hold read as out of range instead of
/// wrapping.
@Suite struct ExtremeInstantTests {
  static let instants: [(seconds: Int64, text: String)] = [
    (Int64.min, "out of range (before 0000)"),
    (-9_223_372_036_854_000_000, "out of range (before 0000)"),
    (VirtualTime.earliest - 1, "out of range (before 0000)"),
    (VirtualTime.earliest, "0000-01-01T00:00:00Z"),
    (VirtualTime.latest, "9999-12-31T23:59:59Z"),
    (VirtualTime.latest + 1, "out of range (after 9999)"),
    (Int64.max, "out of range (after 9999)"),
  ]

  @Test(arguments: instants)
  func extremeInstantsFormatWithoutTrapping(_ row: (seconds: Int64, text: String)) {
    #expect(VirtualTime.iso8601(row.seconds) == row.text)
  }

  static let distances: [(from: Int64, to: Int64, distance: UInt64)] = [
    (.min, .max, .max), (.max, .min, .max), (.max, -1, 1 << 63), (-1, .max, 1 << 63),
    (.min, .min, 0), (5, 2, 3),
  ]

  @Test(arguments: distances)
  func distancesBetweenAnyTwoInstantsAreExact(_ row: (from: Int64, to: Int64, distance: UInt64)) {
    #expect(VirtualDuration.distance(from: row.from, to: row.to) == row.distance)
  }

  @Test func theLongestDistanceReadsInDays() {
    #expect(VirtualDuration.text(seconds: .max) == "213503982334601d7h15s")
  }
}
