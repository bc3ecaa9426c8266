import StageEngine
import Testing
import TokenCore

@Suite("Join (SPEC §2.4)")
struct JoinRulesTests {
  @Test func joinConnectsThenLogsJoinedThenAsksPublishStrategy() throws {
    let fixture = try EngineFixture()
    let events = try fixture.join("host")
    #expect(
      events.map(\.line) == [
        "client connectionStateChanged host→host connecting",
        "client connectionStateChanged host→host connected",
        "server JOINED host",
        "strategy shouldPublish host→host",
        "strategy streamsToPublish host→host",
        "client publishStateChanged host→host attemptingPublish",
        "client publishStateChanged host→host published",
        "server PUBLISH_STARTED host",
      ])
    #expect(events.map(\.seq) == Array(1...8))
    #expect(events.allSatisfy { $0.time == EngineFixture.start })
  }

  @Test func joinWithoutPublishCapabilityAsksNoStrategyQuestion() throws {
    let fixture = try EngineFixture()
    let events = try fixture.join("guest", publish: false)
    #expect(!events.contains { $0.source == .strategy })
    #expect(fixture.stage.snapshot().participant("guest")?.connection == .connected)
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let label: String
    let sdk: String
    let code: Int
    let token: @Sendable () throws -> String
    var testDescription: String { "\(label) on \(sdk)" }
  }

  static let refusals: [Refusal] = [
    Refusal(label: "malformed", sdk: "ios@1.37.0", code: 1000) { "not.a-token" },
    Refusal(label: "malformed", sdk: "web@1.33.0", code: 1) { "abc" },
    Refusal(label: "expired", sdk: "android@1.37.0", code: 1001) {
      try EngineFixture.token(
        EngineFixture.claims("late", ttl: 60, now: EngineFixture.start - 3600))
    },
    Refusal(label: "expired", sdk: "web@1.32.0", code: 2) {
      try EngineFixture.token(
        EngineFixture.claims("late", ttl: 60, now: EngineFixture.start - 3600))
    },
    Refusal(label: "unknown key", sdk: "ios@1.36.0", code: 1026) {
      try EngineFixture.token(EngineFixture.claims("late"), key: EngineFixture.untrustedKey)
    },
    Refusal(label: "unknown key", sdk: "web@1.33.0", code: 8) {
      try EngineFixture.token(EngineFixture.claims("late"), key: EngineFixture.untrustedKey)
    },
  ]

  /// Signatures checked in advance, all at once (as a scenario's first tokens are), change
  /// no verdict: a refused token stays refused with the same code, a good one joins.
  @Test(arguments: refusals)
  func aSignatureProvenInAdvanceChangesNoVerdict(_ refusal: Refusal) throws {
    let fixture = try EngineFixture()
    let token = try refusal.token()
    let good = try EngineFixture.token(EngineFixture.claims("good"))
    fixture.stage.proveSignatures(of: [token, good])
    try fixture.stage.addParticipant(id: "late", sdk: SDKProfile(parsing: refusal.sdk))
    try fixture.stage.addParticipant(id: "good", sdk: SDKProfile(parsing: refusal.sdk))
    #expect(try fixture.stage.join(participant: "good", token: good) == .done)
    let outcome = try fixture.stage.join(participant: "late", token: token)
    guard case .failed = outcome else {
      Issue.record("join succeeded")
      return
    }
    let error = fixture.stage.drainEvents().first { $0.kind == .error }
    #expect(error?.code == refusal.code)
  }

  @Test(arguments: refusals)
  func refusedJoinReportsCodeAndStaysDisconnected(_ refusal: Refusal) throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "late", sdk: SDKProfile(parsing: refusal.sdk))
    let outcome = try fixture.stage.join(participant: "late", token: refusal.token())
    let events = fixture.stage.drainEvents()
    guard case .failed = outcome else {
      Issue.record("join succeeded")
      return
    }
    let error = try #require(events.first { $0.kind == .error })
    #expect(error.code == refusal.code)
    let platform = try SDKProfile(parsing: refusal.sdk).platform
    #expect(error.name == PlatformNames.renderer(.error, on: platform))
    #expect(!events.contains { $0.kind == .connectionStateChanged || $0.kind == .joined })
    #expect(fixture.stage.snapshot().participant("late")?.connection == .disconnected)
    #expect(fixture.stage.snapshot().participant("late")?.token == nil)
  }

  @Test func disconnectedParticipantTokenCanNeverJoinAgain() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", publish: false)
    let token = try EngineFixture.token(EngineFixture.claims("guest", publish: false))
    try fixture.stage.disconnect(participant: "guest")
    _ = fixture.stage.drainEvents()
    let outcome = try fixture.stage.join(participant: "guest", token: token)
    #expect(outcome != .done)
    #expect(fixture.stage.drainEvents().first { $0.kind == .error }?.code == 1026)
  }

  @Test func leftParticipantMayJoinAgainWithItsToken() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", publish: false)
    #expect(try fixture.stage.reconnect(participant: "guest") == .done)
    #expect(fixture.stage.snapshot().participant("guest")?.connection == .connected)
  }

  @Test func joinBeyondStageCapacityIsRefusedWithCapacityCode() throws {
    let fixture = try EngineFixture()
    let sdk = try SDKProfile(parsing: "web@1.33.0")
    let limit = Stage.publisherLimit + Stage.subscriberLimit
    for index in 0...limit {
      let id = "p\(index)"
      try fixture.stage.addParticipant(id: id, sdk: sdk)
      let token = TokenMinter.mintCreateParticipantTokenStyle(
        EngineFixture.claims(id, publish: false))
      let outcome = try fixture.stage.join(participant: id, token: token)
      #expect(outcome == (index < limit ? .done : .failed(outcomeMessage(outcome))))
    }
    let last = fixture.stage.drainEvents().suffix(2)
    #expect(last.map(\.code) == [6, nil])
    #expect(last.last?.errorCode == "QUOTA_EXCEEDED")
  }

  private func outcomeMessage(_ outcome: ActionOutcome) -> String {
    if case .failed(let message) = outcome { return message }
    return ""
  }
}
