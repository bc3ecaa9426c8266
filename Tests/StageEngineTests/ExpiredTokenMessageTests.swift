import StageEngine
import Testing
import TokenCore

/// The stream states an expiry in ISO 8601 like its `time` field, not in Unix seconds.
@Suite struct ExpiredTokenMessageTests {
  /// A token that expired at 11:00:10, one hour before the fixture's 12:00:00 start.
  static func expiredToken(_ id: String) throws -> String {
    try EngineFixture.token(EngineFixture.claims(id, ttl: 10, now: EngineFixture.start - 3600))
  }

  static let expiry = "claim exp: expired at 2026-01-01T11:00:10Z, now is 2026-01-01T12:00:00Z"

  @Test func refusedJoinStatesTheExpiryInISO8601() throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "late", sdk: SDKProfile(parsing: "ios@1.37.0"))
    let outcome = try fixture.stage.join(participant: "late", token: Self.expiredToken("late"))
    #expect(outcome == .failed(Self.expiry))
    let messages = fixture.stage.drainEvents().compactMap(\.message)
    #expect(messages == [Self.expiry, Self.expiry])  // the client's error and JOIN_ERROR
  }

  @Test func refusedExchangeStatesTheExpiryInISO8601() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", sdk: "android@1.37.0")
    let outcome = try fixture.stage.exchangeToken(
      participant: "guest", newToken: Self.expiredToken("guest"))
    guard case .rejected(let report) = outcome else {
      Issue.record("an expired token was accepted")
      return
    }
    let expected = "the service refused the new token: " + Self.expiry
    #expect(report.message == expected)
    #expect(fixture.stage.drainEvents().compactMap(\.message) == [expected, expected])
  }
}
