import Testing

@testable import StageEngine

/// Snapshots give observers that see every publisher alike one shared `remotes` array
/// (`RemoteViewSharing`): it must never change a value, only how many arrays hold them.
@Suite struct RemoteViewSharingTests {
  /// Where an array's elements live: equal for arrays that share storage.
  static func storage(_ remotes: [RemoteViewSnapshot]) -> UnsafeRawPointer? {
    remotes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  /// Every participant's remote views in `snapshot` equal the ones built for it alone.
  static func expectUnshared(_ snapshot: StageSnapshot, _ stage: Stage) {
    for (slot, participant) in snapshot.participants.enumerated() {
      #expect(participant.remotes == stage.remoteViews(of: slot), "\(participant.id)")
    }
  }

  /// Two publishers and viewers on several SDKs, subscribing as `strategies` say in turn.
  static func stage(viewers: Int, strategies: [StrategySettings.Subscribe] = [.audioVideo])
    throws -> EngineFixture
  {
    let fixture = try EngineFixture()
    try fixture.join("host", attributes: ["seat": "1"])
    try fixture.join("guest", attributes: ["seat": "2"])
    let sdks = ["ios@1.37.0", "android@1.37.0", "web@1.33.0"]
    for index in 0..<viewers {
      let strategy = StrategySettings(
        publish: .never, subscribe: strategies[index % strategies.count])
      try fixture.join(
        "viewer\(index)", sdk: sdks[index % sdks.count], publish: false, strategy: strategy)
    }
    return fixture
  }

  @Test func viewersThatSeeThePublishersAlikeShareOneArray() throws {
    let fixture = try Self.stage(viewers: 6)
    let snapshot = fixture.stage.snapshot()
    let viewers = snapshot.participants.filter { $0.id.hasPrefix("viewer") }
    #expect(viewers.allSatisfy { $0.remotes.map(\.participant) == ["host", "guest"] })
    #expect(Set(viewers.map { Self.storage($0.remotes) }).count == 1)
    let host = try #require(snapshot.participant("host"))
    let guest = try #require(snapshot.participant("guest"))
    #expect(host.remotes.map(\.participant) == ["guest"])
    #expect(guest.remotes.map(\.participant) == ["host"])
    Self.expectUnshared(snapshot, fixture.stage)
  }

  @Test func aRefreshAfterAFanOutSharesTooAndEqualsASnapshot() throws {
    let fixture = try Self.stage(viewers: 6)
    var kept = fixture.stage.snapshot()
    try fixture.stage.unpublish(participant: "host")
    _ = fixture.stage.drainEvents()
    let changes = fixture.stage.refresh(&kept)
    #expect(changes.everyParticipant)
    #expect(kept == fixture.stage.snapshot())
    let viewers = kept.participants.filter { $0.id.hasPrefix("viewer") }
    #expect(viewers.allSatisfy { $0.remotes.map(\.participant) == ["guest"] })
    #expect(Set(viewers.map { Self.storage($0.remotes) }).count == 1)
    Self.expectUnshared(kept, fixture.stage)
  }

  @Test func viewersThatSubscribeDifferentlyGetTheirOwnViews() throws {
    let fixture = try Self.stage(viewers: 7, strategies: [.audioVideo, .audioOnly, .none])
    let snapshot = fixture.stage.snapshot()
    let viewers = snapshot.participants.filter { $0.id.hasPrefix("viewer") }
    let streams = viewers.map { $0.remotes.map(\.streams) }
    #expect(streams[0] == [.audioVideo, .audioVideo])
    #expect(streams[1] == [.audio, .audio])
    #expect(viewers[2].remotes.allSatisfy { $0.subscribe == .notSubscribed })
    // One array per way of subscribing, interleaved: 0, 3, 6 share; 1, 4; 2, 5.
    #expect(Set(viewers.map { Self.storage($0.remotes) }).count == 3)
    #expect(Self.storage(viewers[0].remotes) == Self.storage(viewers[6].remotes))
    Self.expectUnshared(snapshot, fixture.stage)
  }

  @Test func aStaleReasonNamesEachObserversOwnSDK() throws {
    let fixture = try EngineFixture()
    try fixture.join("guest", attributes: ["seat": "3"])
    let sdks = ["android@1.36.0", "web@1.32.0", "android@1.36.0", "web@1.32.0"]
    for (index, sdk) in sdks.enumerated() {
      try fixture.join("old\(index)", sdk: sdk, publish: false)
    }
    var kept = fixture.stage.snapshot()
    _ = try fixture.exchange("guest", attributes: ["seat": "1"])
    fixture.stage.refresh(&kept)
    #expect(kept == fixture.stage.snapshot())
    let observers = kept.participants.filter { $0.id.hasPrefix("old") }
    #expect(observers.map { $0.remotes.first?.isStale } == [true, true, true, true])
    #expect(
      observers.map { $0.remotes.first?.staleReason }
        == sdks.map { "\($0): sees it on republish" })
    #expect(Self.storage(observers[0].remotes) == Self.storage(observers[2].remotes))
    #expect(Self.storage(observers[0].remotes) != Self.storage(observers[1].remotes))
    Self.expectUnshared(kept, fixture.stage)
  }

  @Test func moreKindsThanTheSharingKeepsStillGetTheirOwnViewsAndShareInPairs() throws {
    // A pair of viewers joins after each exchange, so each pair believes its own version.
    let fixture = try EngineFixture()
    try fixture.join("guest", attributes: ["seat": "0"])
    let kinds = RemoteViewSharing.capacity + 3
    for index in 0..<kinds {
      for member in ["a", "b"] {
        try fixture.join("old\(index)\(member)", sdk: "android@1.36.0", publish: false)
      }
      _ = try fixture.exchange("guest", attributes: ["seat": "\(index + 1)"])
    }
    let snapshot = fixture.stage.snapshot()
    let observers = snapshot.participants.filter { $0.id.hasPrefix("old") }
    let believed = observers.compactMap { $0.remotes.first?.believed.attributes["seat"] }
    #expect(believed == (0..<kinds).flatMap { ["\($0)", "\($0)"] })
    for pair in stride(from: 0, to: observers.count, by: 2) {
      let storages = observers[pair...(pair + 1)].map { Self.storage($0.remotes) }
      #expect(storages[0] == storages[1], "\(observers[pair].id)")
    }
    Self.expectUnshared(snapshot, fixture.stage)
  }

}
