import Testing

@testable import StageEngine

@Suite struct VirtualDurationTests {
  @Test(arguments: [
    ("30s", Int64(30)), ("5m", 300), ("13h", 46_800), ("15d", 1_296_000), ("1h30m", 5400),
    ("1d2h3m4s", 93_784), ("0s", 0), ("90s", 90),
  ])
  func parsesUnitsAndCombinations(text: String, seconds: Int64) throws {
    #expect(try VirtualDuration(parsing: text).seconds == seconds)
  }

  @Test(arguments: [
    ("", "empty"), ("30", "missing unit"), ("s", "number must come before"),
    ("5x", "unexpected \"x\""), ("1m1h", "largest first"), ("1h1h", "largest first"),
    ("-5m", "unexpected \"-\""), ("99999999999999999999d", "too long"), (" 5m", "unexpected"),
  ])
  func badTextNamesTheTextAndTheProblem(text: String, fragment: String) {
    #expect {
      _ = try VirtualDuration(parsing: text)
    } throws: { error in
      let description = String(describing: error)
      return description.contains(fragment) && description.contains("\"\(text)\"")
    }
  }

  @Test(arguments: ["30s", "5m", "13h", "15d", "1h30m", "1d2h3m4s", "0s"])
  func descriptionRoundTrips(text: String) throws {
    #expect(try VirtualDuration(parsing: text).description == text)
  }

  @Test func descriptionNormalisesOverflowingUnits() {
    #expect(VirtualDuration(seconds: 90).description == "1m30s")
  }
}
