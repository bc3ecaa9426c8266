import Testing

@testable import IVSRules

@Suite struct ServiceDateTests {
  let today = ServiceDate(checkedYear: 2026, month: 12, day: 2)

  @Test(arguments: [
    "", "2026-4-16", "2026/04/16", "20260416", "2026-04-16T00:00:00Z", "２026-04-16",
  ])
  func aMalformedDateSaysWhatIsExpected(text: String) {
    #expect(throws: ServiceDateError(text: text, problem: .malformed)) {
      try RuleBook.ivs.date(parsing: text, today: today)
    }
  }

  @Test(arguments: ["2026-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "2025-12-00"])
  func aDayThatDoesNotExistIsRefused(text: String) {
    #expect(throws: ServiceDateError(text: text, problem: .noSuchDay)) {
      try ServiceDate(parsing: text)
    }
  }

  @Test func aLeapDayExists() throws {
    #expect(try ServiceDate(parsing: "2024-02-29").description == "2024-02-29")
  }

  @Test func aDateBeforeRealTimeStreamingIsRefusedNamingItsFirstDay() {
    let error = ServiceDateError(
      text: "2023-08-06", problem: .beforeRealTime(Releases.realTimeLaunch))
    #expect(throws: error) { try RuleBook.ivs.date(parsing: "2023-08-06", today: today) }
    #expect(error.description.contains("2023-08-07"))
    #expect((try? RuleBook.ivs.date(parsing: "2023-08-07", today: today)) != nil)
  }

  @Test func aDateAfterTodayIsRefused() {
    #expect(throws: ServiceDateError(text: "2026-12-03", problem: .inTheFuture(today))) {
      try RuleBook.ivs.date(parsing: "2026-12-03", today: today)
    }
    #expect((try? RuleBook.ivs.date(parsing: "2026-12-02", today: today)) == today)
  }

  @Test func datesOrderByDay() throws {
    #expect(try ServiceDate(parsing: "2025-12-31") < ServiceDate(parsing: "2026-01-01"))
    #expect(try ServiceDate(parsing: "2026-04-15") < Releases.liveCompositionLayouts)
  }
}
