import Testing

@testable import StageEngine

/// `ScenarioRunner.travel(to:)`: going back to step N restores exactly the state after N steps
/// (snapshot, stream position, expectation tally), and running on from there reproduces the
/// original stream event for event — for every step of every bundled scenario, on both sides of
/// checkpoints.
@Suite struct TimeTravelTests {
  /// What a full run looked like after each step.
  struct Recorded {
    var snapshots: [StageSnapshot] = []
    var nextSeqs: [Int] = []
    var stream: [String] = []
    var failures: [Int] = []
  }

  static func render(_ events: [StageEvent]) -> [String] {
    var renderer = JSONLEventRenderer()
    return events.map { event in
      var bytes: [UInt8] = []
      renderer.render(event, into: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Runs the scenario to the end, draining after each step (as the UI does).
  static func record(_ runner: ScenarioRunner) throws -> Recorded {
    var recorded = Recorded()
    func mark() {
      recorded.stream += render(runner.stage.drainEvents())
      recorded.snapshots.append(runner.stage.snapshot())
      recorded.nextSeqs.append(runner.stage.nextEventSeq)
      recorded.failures.append(runner.expectationFailures.count)
    }
    mark()
    while !runner.isFinished {
      try runner.step()
      mark()
    }
    return recorded
  }

  @Test(arguments: ScenarioGoldenTests.names)
  func travellingToEachStepRestoresItsStateAndStream(name: String) throws {
    let original = try Self.record(IncrementalSnapshotTests.runner(name))
    let steps = original.snapshots.count - 1
    for target in Set([0, 1, steps / 2, steps - 1].filter { (0..<steps).contains($0) }) {
      let runner = try IncrementalSnapshotTests.runner(name)
      runner.keepsCheckpoints = target % 2 == 0
      _ = try Self.record(runner)
      try runner.travel(to: target)
      #expect(runner.history.count == target, "\(name) → \(target)")
      #expect(runner.stage.snapshot() == original.snapshots[target], "\(name) → \(target)")
      #expect(runner.stage.nextEventSeq == original.nextSeqs[target], "\(name) → \(target)")
      #expect(runner.expectationFailures.count == original.failures[target])
      let replayed = Self.render(runner.stage.drainEvents())
      let before = original.nextSeqs[target] - 1 - replayed.count
      #expect(Array(original.stream[before..<(before + replayed.count)]) == replayed)
      let rest = try Self.record(runner)
      #expect(
        Array(original.stream[(original.nextSeqs[target] - 1)...]) == rest.stream,
        "\(name): running on after travelling to \(target) reproduces the stream")
    }
  }

  @Test(arguments: [-1, 99])
  func travelOutsideTheRunNamesTheRangeAndChangesNothing(target: Int) throws {
    let runner = try IncrementalSnapshotTests.runner("Scenarios/spec-example")
    for _ in 0..<3 { try runner.step() }
    let before = runner.stage.snapshot()
    #expect {
      try runner.travel(to: target)
    } throws: { error in
      "\(error)".contains("the run has steps 0…3")
    }
    #expect(runner.history.count == 3)
    #expect(runner.stage.snapshot() == before)
  }

  /// A runner on the spec example that ran `steps` clock advances keeping checkpoints, with
  /// the snapshot after each.
  static func advanced(_ steps: Int) throws -> (ScenarioRunner, [StageSnapshot]) {
    let runner = try IncrementalSnapshotTests.runner("Scenarios/spec-example")
    runner.keepsCheckpoints = true
    var snapshots = [runner.stage.snapshot()]
    for _ in 0..<steps {
      try runner.perform(.advance(VirtualDuration(seconds: 1)), origin: "test")
      snapshots.append(runner.stage.snapshot())
    }
    return (runner, snapshots)
  }

  @Test func travellingPastACheckpointRebuildsLaterOnes() throws {
    let dense = CheckpointPolicy.denseSteps
    let (runner, snapshots) = try Self.advanced(dense * 6 + 5)
    for target in [dense * 6 + 4, dense * 2 + 1, dense * 4 - 1, 3, 0] {
      try runner.travel(to: target)
      #expect(runner.stage.snapshot() == snapshots[target], "→ \(target)")
    }
    #expect(runner.nextStepIndex == 0)
  }

  @Test func checkpointsCoverEveryRecentStepAndThinOutDoublingFurtherBack() throws {
    let (runner, _) = try Self.advanced(40)
    // Taken before steps 0…39; the newest (39) and the 7 before it stay, then every 2nd
    // step for the next 8, every 4th for the next 16, every 8th beyond, and the start.
    #expect(runner.checkpointSteps == [0, 8, 12, 16, 20, 24, 26, 28, 30] + Array(32...39))
  }

  @Test(arguments: [100, 1_500])
  func checkpointMemoryStaysWithinTheLogarithmicBound(steps: Int) throws {
    let (runner, snapshots) = try Self.advanced(steps)
    #expect(runner.checkpointCount <= CheckpointPolicy.bound(steps: steps))
    #expect(runner.checkpointCount < steps / 4, "not one per step")
    try runner.travel(to: steps - 1)
    #expect(runner.stage.snapshot() == snapshots[steps - 1])
    try runner.travel(to: steps / 3)
    #expect(runner.stage.snapshot() == snapshots[steps / 3])
  }

  @Test func forwardTravelRedoesTheStepsTravelledBackOver() throws {
    let name = "Scenarios/spec-example"
    let original = try Self.record(IncrementalSnapshotTests.runner(name))
    let steps = original.snapshots.count - 1
    let runner = try IncrementalSnapshotTests.runner(name)
    runner.keepsCheckpoints = true
    _ = try Self.record(runner)
    try runner.travel(to: 1)
    #expect(runner.redoCount == steps - 1)
    _ = runner.stage.drainEvents()
    for target in [steps / 2, steps] {
      try runner.travel(to: target)
      #expect(runner.history.count == target)
      #expect(runner.redoCount == steps - target)
      #expect(runner.stage.snapshot() == original.snapshots[target], "→ \(target)")
      #expect(runner.stage.nextEventSeq == original.nextSeqs[target])
      let replayed = Self.render(runner.stage.drainEvents())
      let end = original.nextSeqs[target] - 1
      // Replayed from the nearest checkpoint: possibly only assertions, which write nothing.
      #expect(replayed.count <= end)
      #expect(Array(original.stream[(end - replayed.count)..<end]) == replayed)
    }
    #expect(runner.isFinished)
  }

  @Test(arguments: [true, false])
  func aCheckpointDoesNotHoldTheEventsLeftUndrained(keepsCheckpoints: Bool) throws {
    let name = "Scenarios/spec-example"
    let original = try Self.record(IncrementalSnapshotTests.runner(name))
    let runner = try IncrementalSnapshotTests.runner(name)
    runner.keepsCheckpoints = keepsCheckpoints
    for _ in 0..<6 { try runner.step() }
    #expect(runner.stage.pendingEventCount > 0)
    try runner.travel(to: 2)
    let replayed = Self.render(runner.stage.drainEvents())
    let end = original.nextSeqs[2] - 1
    #expect(replayed.count <= end - (original.nextSeqs[0] - 1), "only replayed events")
    #expect(Array(original.stream[(end - replayed.count)..<end]) == replayed)
    #expect(replayed.isEmpty == keepsCheckpoints, "a checkpoint before step 2 replays nothing")
  }

  @Test func theSameScriptedStepKeepsRedoAndAnotherActionDropsIt() throws {
    let runner = try IncrementalSnapshotTests.runner("Scenarios/spec-example")
    runner.keepsCheckpoints = true
    for _ in 0..<4 { try runner.step() }
    try runner.travel(to: 1)
    try runner.step()
    #expect(runner.history.count == 2)
    #expect(runner.redoCount == 2, "running the next scripted step again is redo")
    try runner.perform(.advance(VirtualDuration(seconds: 1)), origin: "test")
    #expect(runner.redoCount == 0, "a live action diverges")
    #expect {
      try runner.travel(to: 4)
    } throws: { error in
      "\(error)".contains("the run has steps 0…3")
    }
  }
}
