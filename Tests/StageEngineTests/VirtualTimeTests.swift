import Foundation
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

  /// The C library's `gmtime_r` is the independent oracle (tests may read it; the model may not).
  @Test func agreesWithGmtimeEverySixHoursForFourHundredYears() {
    var seconds: Int64 = -2_208_988_800
    var mismatches = 0
    while seconds < 10_413_792_000 {
      let text = VirtualTime.iso8601(seconds)
      if VirtualTime.parse(text) != seconds || text != Self.gmtimeText(seconds) { mismatches += 1 }
      seconds += 21_600 + 17
    }
    #expect(mismatches == 0)
  }

  static func gmtimeText(_ seconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
  }

  @Test(arguments: [
    "2026-01-01 12:00:00Z", "2026-01-01T12:00:00", "2026-13-01T00:00:00Z",
    "2025-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T12:00:00.5Z", "",
  ])
  func rejectsAnythingElse(text: String) {
    #expect(VirtualTime.parse(text) == nil)
  }
}
