import Testing

@testable import MonitorUI

/// The participants table and detail pane show "in 11h" for any `exp` a token carries, even one
/// whose distance from now does not fit in `Int64` (saturated; issue #8 §1, second class).
@Suite struct RelativeTimeTests {
  static let rows: [(target: Int64, now: Int64, text: String)] = [
    (.max, -1, "in 106751991167300d"),
    (.min, .max, "expired 106751991167300d ago"),
    (.max, .min, "in 106751991167300d"),
    (.min, .min, "expires now"),
    // Found by `scripts/fuzz token`: the difference is exactly Int64.min, with no overflow.
    (-1, .max, "expired 106751991167300d ago"),
    (1_767_268_800 + 11 * 3600, 1_767_268_800, "in 11h"),
    (1_767_268_800 - 120, 1_767_268_800, "expired 2m ago"),
  ]

  @Test(arguments: rows)
  func anyTwoInstantsReadAsARelativeTime(_ row: (target: Int64, now: Int64, text: String)) {
    #expect(RelativeTime.until(row.target, now: row.now) == row.text)
  }

  @Test(arguments: rows)
  func anyTwoInstantsCountDownWithoutTrapping(_ row: (target: Int64, now: Int64, text: String)) {
    #expect(RelativeTime.countdown(row.target, now: row.now).contains("expire"))
  }
}
