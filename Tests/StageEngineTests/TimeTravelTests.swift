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

  @Test func travellingPastACheckpointRebuildsLaterOnes() throws {
    let runner = try IncrementalSnapshotTests.runner("Scenarios/spec-example")
    runner.keepsCheckpoints = true
    let clockSteps = ScenarioRunner.checkpointInterval * 3 + 5
    var snapshots = [runner.stage.snapshot()]
    for _ in 0..<clockSteps {
      try runner.perform(.advance(VirtualDuration(seconds: 1)), origin: "test")
      snapshots.append(runner.stage.snapshot())
    }
    for target in [clockSteps - 1, ScenarioRunner.checkpointInterval * 2, 3, 0] {
      try runner.travel(to: target)
      #expect(runner.stage.snapshot() == snapshots[target], "→ \(target)")
    }
    #expect(runner.nextStepIndex == 0)
  }
}
