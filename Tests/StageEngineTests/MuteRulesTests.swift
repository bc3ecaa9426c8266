import StageEngine
import Testing

/// Mute and unmute (SPEC §5.1 `streamsMutedChanged`): who is told, with which name, and
/// which requests the stage refuses.
@Suite("Mute and unmute (SPEC §5.1)")
struct MuteRulesTests {
  /// A publisher `pub` (iOS) watched by `obs` on `sdk`.
  func stage(observer sdk: String = "ios@1.37.0") throws -> EngineFixture {
    let fixture = try EngineFixture()
    try fixture.join("obs", sdk: sdk, publish: false)
    try fixture.join("pub")
    _ = fixture.stage.drainEvents()
    return fixture
  }

  static let platformNames = [
    ("ios@1.37.0", "didChangeMutedStreams"), ("android@1.36.0", "onStreamsMutedChanged"),
    ("web@1.32.0", "STAGE_STREAM_MUTE_CHANGED"),
  ]

  @Test(arguments: platformNames)
  func muteReachesEveryObserverOfThePublisherWithItsPlatformName(sdk: String, name: String)
    throws
  {
    let fixture = try stage(observer: sdk)
    try fixture.stage.setMuted(true, streams: .audio, participant: "pub")
    let events = fixture.stage.drainEvents()
    #expect(events.map(\.line) == ["client streamsMutedChanged obs→pub muted"])
    #expect(events.first?.name == name)
    #expect(events.first?.streams == .audio)
    #expect(fixture.stage.snapshot().participant("pub")?.muted == .audio)
    try fixture.stage.setMuted(false, streams: .audioVideo, participant: "pub")
    let unmuted = fixture.stage.drainEvents()
    #expect(unmuted.map(\.line) == ["client streamsMutedChanged obs→pub unmuted"])
    #expect(unmuted.first?.streams == .audio, "only the stream whose state changed")
  }

  /// Requests that change nothing: a step error, no event, the snapshot as it was.
  enum Refused: String, CaseIterable, Sendable {
    case muteWhileNotPublishing, muteWhileDisconnected, muteTwice, unmuteWhileNotMuted,
      unknownParticipant
  }

  @Test(arguments: Refused.allCases)
  func aMuteThatCannotApplyIsRefusedAndChangesNothing(_ request: Refused) throws {
    let fixture = try stage()
    try fixture.join("quiet", strategy: StrategySettings(publish: .never))
    try fixture.stage.addParticipant(id: "away", sdk: SDKProfile(parsing: "ios@1.37.0"))
    try fixture.stage.setMuted(true, streams: .video, participant: "pub")
    _ = fixture.stage.drainEvents()
    let before = fixture.stage.snapshot()
    let (muted, id, expected): (Bool, String, String) =
      switch request {
      case .muteWhileNotPublishing: (true, "quiet", "quiet does not publish")
      case .muteWhileDisconnected: (true, "away", "away is not connected")
      case .muteTwice: (true, "pub", "pub's video already muted")
      case .unmuteWhileNotMuted: (false, "pub", "pub's audio already unmuted")
      case .unknownParticipant: (true, "ghost", "no participant ghost")
      }
    let streams: MediaStreams = request == .unmuteWhileNotMuted ? .audio : .video
    #expect {
      try fixture.stage.setMuted(muted, streams: streams, participant: id)
    } throws: { error in
      (error as? StageActionError)?.message.hasPrefix(expected) == true
    }
    #expect(fixture.stage.drainEvents().isEmpty)
    #expect(fixture.stage.snapshot() == before)
  }

  @Test func anObserverThatSeesAMutedPublisherLaterIsToldAfterStreamsAdded() throws {
    let fixture = try stage()
    try fixture.stage.setMuted(true, streams: .video, participant: "pub")
    let late = try fixture.join("late", publish: false)
    let lines = late.filter { $0.observer == "late" && $0.participant == "pub" }.map(\.line)
    #expect(
      Array(lines.prefix(3)) == [
        "client participantJoined late→pub", "client streamsAdded late→pub",
        "client streamsMutedChanged late→pub muted",
      ])
  }

  @Test func aMutedStreamStaysMutedAcrossUnpublishAndRepublish() throws {
    let fixture = try stage()
    try fixture.stage.setMuted(true, streams: .audio, participant: "pub")
    try fixture.stage.unpublish(participant: "pub")
    try fixture.stage.publish(participant: "pub")
    let events = fixture.stage.drainEvents()
    #expect(events.contains { $0.line == "client streamsMutedChanged obs→pub muted" })
    #expect(fixture.stage.snapshot().participant("pub")?.muted == .audio)
  }

  @Test func muteLogsNoServerEventAndLeavesTheLayout() throws {
    let fixture = try EngineFixture(composition: CompositionConfiguration())
    try fixture.join("obs", publish: false)
    try fixture.join("pub")
    _ = fixture.stage.drainEvents()
    try fixture.stage.setMuted(true, streams: .audioVideo, participant: "pub")
    let sources = Set(fixture.stage.drainEvents().map(\.source))
    #expect(sources == [.client])
    #expect(fixture.stage.snapshot().composition?.slots.map(\.participant) == ["pub"])
  }
}
