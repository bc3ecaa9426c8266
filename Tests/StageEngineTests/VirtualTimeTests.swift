import Testing

@testable import StageEngine

@Suite struct VirtualTimeTests {
  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00Z"), (1_767_268_800, "2026-01-01T12:00:00Z"),
    (951_782_400, "2000-02-29T00:00:00Z"), (4_102_444_799, "2099-12-31T23:59:59Z"),
    (-1, "1969-12-31T23:59:59Z"),
  ])
  func formatsAndParsesUTC(seconds: Int64, text: String) {
    #expect(VirtualTime.iso8601(seconds) == text)
    #expect(VirtualTime.parse(text) == seconds)
  }

  @Test func agreesWithTheClockEverySixHoursForFourHundredYears() {
    var seconds: Int64 = -2_208_988_800
    while seconds < 10_413_792_000 {
      let text = VirtualTime.iso8601(seconds)
      #expect(VirtualTime.parse(text) == seconds)
      #expect(text == VirtualClock.iso8601(seconds))
      seconds += 21_600 + 17
    }
  }

  @Test(arguments: [
    "2026-01-01 12:00:00Z", "2026-01-01T12:00:00", "2026-13-01T00:00:00Z",
    "2025-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T12:00:00.5Z", "",
  ])
  func rejectsAnythingElse(text: String) {
    #expect(VirtualTime.parse(text) == nil)
  }
}
