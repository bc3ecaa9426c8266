/// The run's state before one step: the stage and what the runner keeps beside it (current
/// tokens, strategies, the expectation window and tally). Keys and the token factory are not in
/// it: they never change during a run, so tokens minted again verify against the same keys.
struct RunnerCheckpoint {
  let stage: Stage
  let tokens: [String: String]
  let strategies: [String: StrategySettings]
  let expectations: ExpectationChecker
}

/// Time travel (the UI's back key, `:restart`, `:goto N`). Runs are deterministic, so the state
/// after N steps is the state from replaying `history[0..<N]`. To stay fast on long runs the
/// runner keeps a checkpoint every `checkpointInterval` steps, restores the nearest one at or
/// before N and replays only the steps after it — each through the normal step path, so every
/// token is minted and every signature verified again.
extension ScenarioRunner {
  /// Steps between checkpoints: replay after a restore runs fewer steps than this.
  public static let checkpointInterval = 16

  /// Saves a checkpoint before the first step, and — when `keepsCheckpoints` (the UI) — every
  /// `checkpointInterval` steps; a headless run keeps only the first, copying nothing per step.
  func checkpointIfDue() {
    let count = history.count
    guard count % Self.checkpointInterval == 0, count == 0 || keepsCheckpoints else { return }
    let checkpoint = RunnerCheckpoint(
      stage: stage.checkpoint(), tokens: tokens, strategies: strategies,
      expectations: expectations.copy())
    let index = count / Self.checkpointInterval
    guard index <= checkpoints.count else { return }
    checkpoints.removeLast(max(0, checkpoints.count - index))
    checkpoints.append(checkpoint)
  }

  /// Puts the run back to where it stood after `steps` steps of `history` (0 = the start). The
  /// steps after it are dropped, and the stage's undrained events are the ones replayed since
  /// the checkpoint; the events up to `nextEventSeq` of the restored stage are the same as
  /// before. Throws, leaving the run as it was, when `steps` is outside `0...history.count`.
  public func travel(to steps: Int) throws(ScenarioError) {
    guard (0...history.count).contains(steps) else {
      throw ScenarioError(
        file: file, location: "goto \(steps)",
        message: "no step \(steps): the run has steps 0…\(history.count)")
    }
    guard steps < history.count, !checkpoints.isEmpty else { return }
    let index = min(steps / Self.checkpointInterval, checkpoints.count - 1)
    let checkpoint = checkpoints[index]
    let replayed = history
    let marks = scriptMarks
    let start = index * Self.checkpointInterval
    restore(checkpoint)
    checkpoints.removeLast(checkpoints.count - index - 1)
    history.removeLast(history.count - start)
    scriptMarks.removeLast(scriptMarks.count - start)
    for position in start..<steps {
      nextStepIndex = marks[position]
      try execute(replayed[position], location: "steps[\(position)]")
    }
    nextStepIndex = steps == 0 ? 0 : marks[steps - 1]
  }

  private func restore(_ checkpoint: RunnerCheckpoint) {
    stage.restore(checkpoint.stage)
    tokens = checkpoint.tokens
    strategies = checkpoint.strategies
    expectations = checkpoint.expectations.copy()
  }
}
