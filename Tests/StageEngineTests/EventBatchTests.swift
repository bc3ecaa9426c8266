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
