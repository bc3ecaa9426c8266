import JSONKit
import StageEngine
import Testing
import TokenCore

/// §3.1/§3.2: a rejected exchange changes nothing and records only the rejection.
@Suite("Rejected exchange (SPEC §3.1, §3.2)")
struct RejectedExchangeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let label: String
    let sdk: String
    let code: Int
    let fields: [String]
    let leaves: Bool
    let newToken: @Sendable () throws -> String
    var testDescription: String { "\(label) on \(sdk)" }
  }

  static func claims() -> TokenClaims {
    EngineFixture.claims("guest", publish: true, attributes: ["featured": "true"])
  }

  static let cases: [Case] = [
    Case(label: "malformed", sdk: "ios@1.37.0", code: 1000, fields: [], leaves: false) {
      "garbage"
    },
    Case(label: "malformed", sdk: "web@1.33.0", code: 11, fields: [], leaves: false) { "a.b.c" },
    Case(
      label: "new from CreateParticipantToken", sdk: "android@1.37.0", code: 1000, fields: [],
      leaves: false
    ) { TokenMinter.mintCreateParticipantTokenStyle(claims()) },
    Case(
      label: "immutable claims", sdk: "web@1.33.0", code: 11, fields: ["topic", "jti"],
      leaves: false
    ) {
      let changed = try claims().setting(claim: "topic", to: .string("Other"))
        .setting(claim: "jti", to: .string("someone"))
      return try EngineFixture.token(changed)
    },
    Case(label: "unknown key", sdk: "ios@1.37.0", code: 1026, fields: [], leaves: false) {
      try EngineFixture.token(claims(), key: EngineFixture.untrustedKey)
    },
    Case(label: "expired", sdk: "android@1.37.0", code: 1026, fields: [], leaves: false) {
      try EngineFixture.token(
        EngineFixture.claims("guest", ttl: 10, now: EngineFixture.start - 100))
    },
    Case(label: "unknown key", sdk: "web@1.33.0", code: 12, fields: [], leaves: true) {
      try EngineFixture.token(claims(), key: EngineFixture.untrustedKey)
    },
  ]

  /// A stage where `guest` subscribes to a publishing `host` and is itself publishing.
  func stage(guestSDK: String) throws -> EngineFixture {
    let fixture = try EngineFixture()
    try fixture.join("host", userId: "alice")
    try fixture.join("guest", sdk: guestSDK, userId: "bob")
    try fixture.join("viewer", publish: false)
    return fixture
  }

  @Test(arguments: cases)
  func rejectedExchangeChangesNothingAndEmitsOnlyTheRejection(_ rejection: Case) throws {
    let fixture = try stage(guestSDK: rejection.sdk)
    let before = fixture.stage.snapshot()
    let outcome = try fixture.stage.exchangeToken(
      participant: "guest", newToken: rejection.newToken())
    let events = fixture.stage.drainEvents()
    guard case .rejected(let report) = outcome else {
      Issue.record("accepted")
      return
    }
    #expect(report.code.number == rejection.code)
    #expect(report.fields == rejection.fields)
    #expect(events.first?.kind == .exchangeRejected)
    #expect(events.first?.fields == rejection.fields)
    #expect(events.first?.code == rejection.code)
    #expect(events.dropFirst().first?.line == "client error guest→guest")
    #expect(events.dropFirst().first?.code == rejection.code)
    if rejection.leaves {
      #expect(events.contains { $0.kind == .stageLeft && $0.reason == "failed-exchange" })
      #expect(fixture.stage.snapshot().participant("guest")?.connection == .disconnected)
    } else {
      #expect(events.count == 2)
      #expect(fixture.stage.snapshot() == before)
    }
  }

  @Test func exchangeWhileDisconnectedIsRejectedBySDK() throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "guest", sdk: SDKProfile(parsing: "web@1.33.0"))
    let before = fixture.stage.snapshot()
    let outcome = try fixture.stage.exchangeToken(
      participant: "guest", newToken: EngineFixture.token(Self.claims()))
    #expect(fixture.stage.drainEvents().map(\.kind) == [.exchangeRejected, .error])
    #expect(fixture.stage.snapshot() == before)
    guard case .rejected(let report) = outcome else {
      Issue.record("accepted")
      return
    }
    #expect(report.checker == .sdk)
    #expect(report.code.name == "TOKEN_EXCHANGE_REQUEST_INVALID")
  }

  @Test func currentCreateParticipantTokenCannotBeExchanged() throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "guest", sdk: SDKProfile(parsing: "ios@1.37.0"))
    let cpt = TokenMinter.mintCreateParticipantTokenStyle(Self.claims())
    #expect(try fixture.stage.join(participant: "guest", token: cpt) == .done)
    _ = fixture.stage.drainEvents()
    let before = fixture.stage.snapshot()
    let outcome = try fixture.stage.exchangeToken(
      participant: "guest", newToken: EngineFixture.token(Self.claims()))
    #expect(fixture.stage.drainEvents().map(\.kind) == [.exchangeRejected, .error])
    #expect(fixture.stage.snapshot() == before)
    #expect(outcome != .accepted)
  }

  @Test(arguments: ["ios@1.36.0", "android@1.36.0", "web@1.32.0"])
  func sdkWithoutExchangeTokenThrowsAndRecordsNothing(sdk: String) throws {
    let fixture = try stage(guestSDK: sdk)
    let before = fixture.stage.snapshot()
    #expect(throws: StageActionError.self) {
      try fixture.stage.exchangeToken(
        participant: "guest", newToken: EngineFixture.token(Self.claims()))
    }
    #expect(fixture.stage.pendingEventCount == 0)
    #expect(fixture.stage.snapshot() == before)
  }
}
