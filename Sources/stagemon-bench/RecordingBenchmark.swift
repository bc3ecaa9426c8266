import Foundation
import StageEngine
import TokenCore

/// What recording a UI session costs per action: the same publish/unpublish pair on a stage
/// of 100 joined participants, once the way the UI acted before recording (a `step` event and
/// the Stage call) and once through `ScenarioRunner.perform`, which also labels the step by
/// its place in the session, keeps it in `history` and can take a refused step back.
/// Target: recorded / unrecorded time ≤ 1.05.
enum RecordingBenchmark {
  static let target = 1.05
  static let participants = 100

  static func run() -> Bool {
    guard let runner = makeRunner() else {
      print("recording benchmark: could not build the stage")
      return false
    }
    let stage = runner.stage
    let rates = BenchmarkHarness.compare(
      rounds: 7, roundSeconds: 0.4,
      baseline: {
        stage.recordStep("ui: publish p0")
        _ = try? stage.publish(participant: "p0")
        stage.recordStep("ui: unpublish p0")
        try? stage.unpublish(participant: "p0")
        stage.drainEvents { _ in }
        return 1
      },
      candidate: {
        try? runner.perform(.publish("p0"), origin: "ui:")
        try? runner.perform(.unpublish("p0"), origin: "ui:")
        stage.drainEvents { _ in }
        return 1
      })
    let ratio = rates.baseline / rates.candidate
    print(
      "recording overhead: publish + unpublish among \(participants) participants (median of 7)")
    print(
      "  Stage calls, not recorded (baseline)  \(BenchmarkHarness.format(rates.baseline)) pairs")
    print(
      "  runner.perform, recorded              \(BenchmarkHarness.format(rates.candidate)) pairs")
    BenchmarkHarness.report(
      "  recorded / unrecorded time", String(format: "%.3f", ratio), target: "≤ \(target)",
      met: ratio <= target)
    return ratio <= target
  }

  /// A stage where p0 may publish and everyone has joined and subscribes.
  private static func makeRunner() -> ScenarioRunner? {
    let both = TokenMintSpec(capabilities: Capabilities(publish: true, subscribe: true))
    let watch = TokenMintSpec(capabilities: Capabilities(subscribe: true))
    let people = (0..<participants).map { index in
      ScenarioParticipant(
        id: "p\(index)",
        sdk: SDKProfile(platform: .ios, version: SemanticVersion(major: 1, minor: 37, patch: 0)),
        strategy: StrategySettings(), token: .mint(index == 0 ? both : watch))
    }
    guard let runner = try? ScenarioRunner(scenario: Scenario(participants: people), file: "bench")
    else { return nil }
    for index in 1..<participants { try? runner.perform(.join("p\(index)"), origin: "setup") }
    try? runner.perform(.join("p0"), origin: "setup")
    try? runner.perform(.unpublish("p0"), origin: "setup")
    runner.stage.drainEvents { _ in }
    return runner
  }
}
