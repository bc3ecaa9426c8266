import Testing

@testable import IVSRecords

/// Counts and rates read one way on every screen: the live header, its progress and the
/// SDK-mix estimate once wrote "1.0 req/s" and "at 1 req/s" side by side.
@Suite struct WordingTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1_001, "1,001"), (9_812, "9,812"), (1_234_567, "1,234,567"),
    (-123, "-123"), (-1_234, "-1,234"),
  ])
  func countsAreGroupedInThrees(_ number: Int, _ text: String) {
    #expect(Wording.grouped(number) == text)
  }

  @Test func ratesShowTenthsOnlyWhenThereAreAny() {
    #expect(Wording.rate(1) == "1 req/s")
    #expect(Wording.rate(2.5) == "2.5 req/s")
    #expect(Wording.rate(0.5) == "0.5 req/s")
    #expect(Wording.rate(.nan) == "? req/s")
    #expect(Wording.rate(.infinity) == "? req/s")
  }

}
