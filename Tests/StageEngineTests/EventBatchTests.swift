import Testing

@testable import StageEngine

/// `Stage.drainBatch(keepingLast:)` hands the live UI what `drainEvents()` hands a headless
/// run: the same events (the kept ones), the number left out, and every failure among all.
/// Every scenario is run twice side by side, one stage drained each way after every step.
@Suite struct EventBatchTests {
  @Test(arguments: ScenarioGoldenTests.names, [1, 4, Int.max])
  func aBatchHoldsTheLastEventsADrainWouldGive(name: String, limit: Int) throws {
    let drained = try IncrementalSnapshotTests.runner(name)
    let batched = try IncrementalSnapshotTests.runner(name)
    var step = 0
    while !drained.isFinished {
      _ = try? drained.step()
      _ = try? batched.step()
      let events = drained.stage.drainEvents()
      let batch = batched.stage.drainBatch(keepingLast: limit)
      let kept = events.suffix(limit)
      #expect(batch.count == events.count, "\(name) step \(step)")
      #expect(batch.skipped == events.count - kept.count, "\(name) step \(step)")
      #expect(kept.indices.map { batch[$0] } == Array(kept), "\(name) step \(step)")
      #expect(batch.failures == events.filter(\.kind.isFailure), "\(name) step \(step)")
      #expect(batch.lastSeq == kept.last?.seq, "\(name) step \(step)")
      #expect(batched.stage.pendingEventCount == 0)
      step += 1
    }
  }

  @Test func aBatchOfMadeEventsKeepsThemAllAndFindsTheFailures() {
    var error = StageEvent(source: .client, kind: .error, observer: "a", seq: 2)
    error.message = "boom"
    let events = [StageEvent(source: .runner, kind: .step, seq: 1), error]
    let batch = EventBatch(events)
    #expect(batch.count == 2 && batch.skipped == 0)
    #expect([batch[0], batch[1]] == events)
    #expect(batch.failures == [error])
    #expect(batch.lastSeq == 2)
  }
}

/// Compact events name the reporting client's SDK by an index into the stage's profile table:
/// a client that changes SDK reports under the new one from then on, and events recorded
/// before the change keep the SDK they were reported on.
@Suite struct EventProfileTests {
  @Test func anSDKChangeNamesLaterEventsOnlyAndEarlierOnesKeepTheirs() throws {
    let fixture = try EngineFixture()
    try fixture.join("obs", sdk: "android@1.36.0", publish: false)
    try fixture.join("pub")
    try fixture.stage.unpublish(participant: "pub")
    let android = try SDKProfile(parsing: "android@1.36.0")
    let web = try SDKProfile(parsing: "web@1.33.0")
    try fixture.stage.setSDKProfile(participant: "obs", to: web)
    try fixture.stage.publish(participant: "pub")
    let events = fixture.stage.drainEvents().filter { $0.observer == "obs" }
    let left = try #require(events.first { $0.kind == .participantLeft })
    let joined = try #require(events.first { $0.kind == .participantJoined })
    #expect(left.sdk == android && left.name == "onParticipantLeft")
    #expect(joined.sdk == web && joined.name == "STAGE_PARTICIPANT_JOINED")
  }
}
