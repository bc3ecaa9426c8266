import Foundation
import StageEngine

/// What stepping back costs in the UI (`b`): a stage of 1,000 participants that all joined,
/// then 500 steps of host exchanges, clock advances and re-publishes (`HeadlessScenario`).
/// The candidate is `ScenarioRunner.travel(to:)` one step back — restore the nearest checkpoint,
/// replay the steps after it; the baseline replays the whole prefix from scratch (a new runner,
/// every first token minted, every step run). Target: stepping back ≤ 200 ms.
enum TimeTravelBenchmark {
  static let targetMilliseconds = 200.0
  static let participants = 1_000
  static let activitySteps = 500

  static func run() -> Bool {
    guard let scenario = try? HeadlessScenario.make(observers: participants - 1, rounds: 220),
      let runner = try? ScenarioRunner(scenario: scenario, file: "bench")
    else {
      print("time travel benchmark: could not build the stage")
      return false
    }
    runner.keepsCheckpoints = true
    let position = participants + activitySteps
    for _ in 0..<position { _ = try? runner.step() }
    runner.stage.drainEvents { _ in }
    var back: [Double] = []
    var scratch: [Double] = []
    for _ in 0..<5 {
      back.append(BenchmarkHarness.nanoseconds { try? runner.travel(to: position - 1) })
      _ = try? runner.step()
      runner.stage.drainEvents { _ in }
      scratch.append(BenchmarkHarness.nanoseconds { replayFromScratch(scenario, position - 1) })
    }
    let candidate = BenchmarkHarness.median(back) / 1e6
    let baseline = BenchmarkHarness.median(scratch) / 1e6
    print(
      "time travel: one step back at step \(activitySteps) after \(participants) joins"
        + " (history \(position), median of 5)")
    print(String(format: "  replay the prefix from scratch (baseline)  %.1f ms", baseline))
    print(String(format: "  travel(to:) from a checkpoint              %.2f ms", candidate))
    print(
      String(format: "  baseline / travel                          %.0f×", baseline / candidate))
    let met = candidate <= targetMilliseconds
    BenchmarkHarness.report(
      "  step back", String(format: "%.2f ms", candidate),
      target: "≤ \(Int(targetMilliseconds)) ms",
      met: met)
    return met
  }

  /// The baseline: a fresh runner and `steps` steps, as time travel without checkpoints would.
  private static func replayFromScratch(_ scenario: Scenario, _ steps: Int) {
    guard let runner = try? ScenarioRunner(scenario: scenario, file: "bench") else { return }
    for _ in 0..<steps { _ = try? runner.step() }
    runner.stage.drainEvents { _ in }
  }
}
