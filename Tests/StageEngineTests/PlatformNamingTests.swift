import StageEngine
import Testing

@Suite("Renderer names (SPEC §5.1) and error codes (SPEC §5.3)")
struct PlatformNamingTests {
  static let rendererTable: [(EventKind, String?, String?, String)] = [
    (.participantJoined, "participantDidJoin", "onParticipantJoined", "STAGE_PARTICIPANT_JOINED"),
    (.participantLeft, "participantDidLeave", "onParticipantLeft", "STAGE_PARTICIPANT_LEFT"),
    (
      .publishStateChanged, "didChangePublishState", "onParticipantPublishStateChanged",
      "STAGE_PARTICIPANT_PUBLISH_STATE_CHANGED"
    ),
    (
      .subscribeStateChanged, "didChangeSubscribeState", "onParticipantSubscribeStateChanged",
      "STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED"
    ),
    (.streamsAdded, "didAddStreams", "onStreamsAdded", "STAGE_PARTICIPANT_STREAMS_ADDED"),
    (.streamsRemoved, "didRemoveStreams", "onStreamsRemoved", "STAGE_PARTICIPANT_STREAMS_REMOVED"),
    (
      .streamsMutedChanged, "didChangeMutedStreams", "onStreamsMutedChanged",
      "STAGE_STREAM_MUTE_CHANGED"
    ),
    (
      .participantMetadataUpdated, "participantMetadataDidUpdate", "onParticipantMetadataUpdated",
      "STAGE_PARTICIPANT_METADATA_CHANGED"
    ),
    (
      .connectionStateChanged, "didChangeConnectionState", "onConnectionStateChanged",
      "STAGE_CONNECTION_STATE_CHANGED"
    ),
    (.error, "IVSErrorDelegate.stage(_:didEmitError:)", "onError", "ERROR"),
    (.stageLeft, nil, nil, "STAGE_LEFT"),
  ]

  @Test(arguments: rendererTable)
  func rendererEventsUseThePlatformName(
    kind: EventKind, ios: String?, android: String?, web: String
  ) {
    #expect(PlatformNames.renderer(kind, on: .ios) == ios)
    #expect(PlatformNames.renderer(kind, on: .android) == android)
    #expect(PlatformNames.renderer(kind, on: .web) == web)
  }

  static let codeTable: [(SDKErrorCode.Case, Int, Int, String)] = [
    (.tokenMalformed, 1000, 1, "TOKEN_MALFORMED"),
    (.tokenExpired, 1001, 2, "TOKEN_EXPIRED"),
    (.tokenNotAllowed, 1026, 8, "TOKEN_NOT_ALLOWED"),
    (.stageAtCapacity, 1024, 6, "STAGE_AT_CAPACITY"),
    (.exchangeRequestInvalid, 1000, 11, "TOKEN_EXCHANGE_REQUEST_INVALID"),
    (.exchangeFailed, 1026, 12, "TOKEN_EXCHANGE_FAILED"),
  ]

  @Test(arguments: codeTable)
  func errorCodesFollowThePlatformTable(
    errorCase: SDKErrorCode.Case, mobile: Int, web: Int, webName: String
  ) throws {
    let rules = RuleBook.ivs.latest
    func code(_ sdk: String) throws -> SDKErrorCode {
      rules.decide(.errorCode(errorCase), for: try SDKProfile(parsing: sdk)).outcome
    }
    #expect(try code("ios@1.37.0") == SDKErrorCode(number: mobile))
    #expect(try code("android@1.36.0") == SDKErrorCode(number: mobile))
    #expect(try code("web@1.33.0") == SDKErrorCode(number: web, name: webName))
  }

  @Test func clientEventsCarryTheObserverPlatformName() throws {
    let fixture = try EngineFixture()
    try fixture.join("droid", sdk: "android@1.37.0", publish: false)
    let events = try fixture.join("host")
    #expect(events.first { $0.observer == "droid" }?.name == "onParticipantJoined")
    #expect(events.first { $0.observer == "droid" }?.sdk?.description == "android@1.37.0")
  }

  /// iOS reports errors to `IVSErrorDelegate`, not the renderer: the event names the delegate.
  @Test(arguments: [
    ("ios@1.37.0", "IVSErrorDelegate.stage(_:didEmitError:)"), ("android@1.37.0", "onError"),
    ("web@1.33.0", "ERROR"),
  ])
  func joinErrorsAreNamedAfterThePlatformsErrorCallback(sdk: String, name: String) throws {
    let fixture = try EngineFixture()
    try fixture.stage.addParticipant(id: "late", sdk: SDKProfile(parsing: sdk))
    fixture.stage.advance(bySeconds: 13 * 3600)
    let token = try EngineFixture.token(EngineFixture.claims("late"))
    #expect(try fixture.stage.join(participant: "late", token: token) != .done)
    let error = try #require(fixture.stage.drainEvents().first { $0.kind == .error })
    #expect(error.name == name)
  }
}

@Suite("Virtual clock (SPEC §2.1)")
struct VirtualClockTests {
  @Test func clockAdvancesByDurationsAndOnlyMovesForward() {
    var clock = VirtualClock(start: 1_767_268_800)
    #expect(VirtualTime.iso8601(clock.now) == "2026-01-01T12:00:00Z")
    clock.advance(by: VirtualDuration(seconds: 13 * 3600))
    #expect(VirtualTime.iso8601(clock.now) == "2026-01-02T01:00:00Z")
    clock.advance(bySeconds: -50)
    #expect(clock.now == 1_767_268_800 + 13 * 3600)
    clock.advance(bySeconds: .max)
    #expect(clock.now == VirtualTime.latest)
    #expect(VirtualTime.iso8601(clock.now) == "9999-12-31T23:59:59Z")
  }
}
