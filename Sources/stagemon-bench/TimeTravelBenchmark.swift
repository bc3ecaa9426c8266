import Foundation
import StageEngine

/// What time travel costs in the UI: a stage of 1,000 participants that all joined, then 500
/// steps of host exchanges, clock advances and re-publishes (`HeadlessScenario`), run the way
/// the UI runs them (events drained after every step, checkpoints kept by `CheckpointPolicy`).
/// The candidates are `ScenarioRunner.travel(to:)` one step back (`b`), one step forward again
/// (redo) and a jump to the middle of the session; the baseline replays the whole prefix from
/// scratch (a new runner, every first token minted, every step run). Also reported: what keeping
/// checkpoints costs per step and in memory. Target: stepping back ≤ 200 ms.
enum TimeTravelBenchmark {
  static let targetMilliseconds = 200.0
  static let participants = 1_000
  static let activitySteps = 500
  static let rounds = 5

  static func run() -> Bool {
    guard let scenario = try? HeadlessScenario.make(observers: participants - 1, rounds: 220)
    else {
      print("time travel benchmark: could not build the stage")
      return false
    }
    let position = participants + activitySteps
    var scratch = [BenchmarkHarness.nanoseconds { _ = play(scenario, position - 1) }]
    let plainMiB = BenchmarkHarness.peakMemoryMiB()
    var runner: ScenarioRunner?
    let kept = BenchmarkHarness.nanoseconds { runner = play(scenario, position, checkpoints: true) }
    guard let runner else {
      print("time travel benchmark: could not run the scenario")
      return false
    }
    let checkpointMiB = BenchmarkHarness.peakMemoryMiB() - plainMiB
    let checkpoints = runner.checkpointCount
    var back: [Double] = []
    var forward: [Double] = []
    for round in 0..<rounds {
      back.append(travel(runner, to: position - 1))
      forward.append(travel(runner, to: position))
      if round > 0 {
        scratch.append(BenchmarkHarness.nanoseconds { _ = play(scenario, position - 1) })
      }
    }
    let middle = travel(runner, to: position / 2)
    let returning = travel(runner, to: position)
    let figures = Figures(
      baseline: BenchmarkHarness.median(scratch) / 1e6, back: BenchmarkHarness.median(back) / 1e6,
      forward: BenchmarkHarness.median(forward) / 1e6, middle: middle / 1e6,
      returning: returning / 1e6,
      overhead: kept / scratch[0] * Double(position - 1)
        / Double(position), checkpoints: checkpoints, memoryMiB: checkpointMiB)
    return figures.print(position: position)
  }

  /// Wall time of `runner.travel(to:)`, its replayed events drained as the UI does.
  private static func travel(_ runner: ScenarioRunner, to step: Int) -> Double {
    let time = BenchmarkHarness.nanoseconds { try? runner.travel(to: step) }
    runner.stage.drainEvents { _ in }
    return time
  }

  /// A fresh runner after `steps` steps, drained after each as the UI does; with `checkpoints`
  /// it keeps them as the UI does. The baseline is this without checkpoints.
  private static func play(_ scenario: Scenario, _ steps: Int, checkpoints: Bool = false)
    -> ScenarioRunner?
  {
    guard let runner = try? ScenarioRunner(scenario: scenario, file: "bench") else { return nil }
    runner.keepsCheckpoints = checkpoints
    runner.stage.drainEvents { _ in }
    for _ in 0..<steps {
      _ = try? runner.step()
      runner.stage.drainEvents { _ in }
    }
    return runner
  }

  /// The measured figures, in milliseconds.
  private struct Figures {
    let baseline, back, forward, middle, returning, overhead: Double
    let checkpoints: Int
    let memoryMiB: Double

    func print(position: Int) -> Bool {
      Swift.print(
        "time travel: \(TimeTravelBenchmark.participants) participants joined, then"
          + " \(TimeTravelBenchmark.activitySteps) steps (history \(position)),"
          + " median of \(TimeTravelBenchmark.rounds)")
      line("replay the prefix from scratch (baseline)", baseline)
      line("one step back (b)", back)
      line("one step forward again (redo)", forward)
      line("goto the middle (\(position / 2)), once", middle)
      line("goto the end again (redo), once", returning)
      Swift.print(
        String(format: "  baseline / step back                       %.0f×", baseline / back))
      Swift.print(
        String(
          format:
            "  checkpoints kept %d (bound %d), about %.0f MiB; stepping with them %.2f× without",
          checkpoints, CheckpointPolicy.bound(steps: position), memoryMiB, overhead))
      let met = back <= TimeTravelBenchmark.targetMilliseconds
      BenchmarkHarness.report(
        "  step back", String(format: "%.2f ms", back),
        target: "≤ \(Int(TimeTravelBenchmark.targetMilliseconds)) ms", met: met)
      return met
    }

    private func line(_ name: String, _ milliseconds: Double) {
      Swift.print(
        "  " + BenchmarkHarness.column(name, 42)
          + String(format: "%9.2f ms", milliseconds))
    }
  }
}
