/// The run's state before one step: the stage and what the runner keeps beside it (current
/// tokens, strategies, the expectation window and tally). Keys and the token factory are not in
/// it: they never change during a run, so tokens minted again verify against the same keys.
struct RunnerCheckpoint {
  /// Steps of the session that had run when it was taken.
  let step: Int
  let stage: Stage
  let tokens: [String: String]
  let strategies: [String: StrategySettings]
  let expectations: ExpectationChecker
}

/// Time travel (the UI's back and forward keys, `:restart`, `:goto N`). Runs are deterministic,
/// so the state after N steps is the state from replaying the session's first N steps. To stay
/// fast on long runs the runner keeps checkpoints (see `CheckpointPolicy`), restores the nearest
/// one at or before N and replays only the steps after it — each through the normal step path,
/// so every token is minted and every signature verified again. Going back keeps the steps
/// after the target for redo until a different step runs there.
extension ScenarioRunner {
  /// Saves a checkpoint before the step about to run — before every step when
  /// `keepsCheckpoints` (the UI), thinned by `CheckpointPolicy`; a headless run keeps only the
  /// start, copying nothing per step.
  func checkpointIfDue() {
    let step = history.count
    guard step == 0 || keepsCheckpoints else { return }
    let index = checkpoints.firstIndex { $0.step >= step } ?? checkpoints.endIndex
    guard index == checkpoints.endIndex || checkpoints[index].step != step else { return }
    let checkpoint = RunnerCheckpoint(
      step: step, stage: stage.checkpoint(), tokens: tokens, strategies: strategies,
      expectations: expectations.copy())
    checkpoints.insert(checkpoint, at: index)
    checkpoints.removeAll { $0.step < step && !CheckpointPolicy.keeps($0.step, newest: step) }
  }

  /// The steps that have a checkpoint, oldest first.
  var checkpointSteps: [Int] { checkpoints.map(\.step) }

  /// How many checkpoints the run holds: what time travel costs in memory.
  public var checkpointCount: Int { checkpoints.count }

  /// Steps travelled back over that `travel(to:)` can run again (redo), until a different
  /// step or action runs at the current position.
  public var redoCount: Int { redo.count }

  /// The number (from 1) in the session of the script's step `number` (from 1), as it ran
  /// last; nil when it has not run in the session as it stands.
  public func sessionStep(ofScriptStep number: Int) -> Int? {
    marks.lastIndex { $0.scripted && $0.scriptIndex == number }.map { $0 + 1 }
  }

  /// The furthest step of the session `:goto` can reach: the steps run, those travelled back
  /// over, then the script's steps not run yet (running the script forward).
  public var reachableStep: Int {
    let scriptIndex = redo.first?.mark.scriptIndex ?? nextStepIndex
    return history.count + redo.count + max(0, scenario.steps.count - scriptIndex)
  }

  /// Puts the run where it stood after `steps` steps of the session (0 = the start): back, or
  /// forward again over steps travelled back over. The events up to `nextEventSeq` of the
  /// restored stage are the same as before, and the stage's undrained events are the ones
  /// replayed to get there. Throws, leaving the run as it was, when `steps` is outside
  /// `0...(history.count + redoCount)`.
  public func travel(to steps: Int) throws(ScenarioError) {
    let last = history.count + redo.count
    guard (0...last).contains(steps) else {
      throw ScenarioError(
        file: file, location: "goto \(steps)",
        message: "no step \(steps): the run has steps 0…\(last)")
    }
    guard steps != history.count else { return }
    if let checkpoint = checkpoints.last(where: { $0.step <= steps }),
      steps < history.count || checkpoint.step > history.count
    {
      rewind(to: checkpoint)
    }
    while history.count < steps, let next = redo.last {
      nextStepIndex = next.mark.scriptIndex
      try execute(
        next.step, location: "steps[\(history.count)]", mark: next.mark, replaying: true)
    }
    nextStepIndex = marks.last?.scriptIndex ?? 0
  }

  /// After a step ran at the current position: redo goes on past it when it is the step redo
  /// would have run (a replay, or the same scripted step), otherwise the session diverges
  /// there and the steps after it, and their checkpoints, are gone.
  func continueTimeline(after mark: StepMark, replaying: Bool) {
    guard let next = redo.last else { return }
    if replaying || (mark.scripted && next.mark == mark) {
      redo.removeLast()
    } else {
      redo.removeAll()
      checkpoints.removeAll { $0.step >= history.count }
    }
  }

  /// Restores `checkpoint`, moving the steps after it onto `redo` (going back) or the steps
  /// up to it off `redo` (going forward).
  private func rewind(to checkpoint: RunnerCheckpoint) {
    while history.count > checkpoint.step, let step = history.popLast(), let mark = marks.popLast()
    {
      redo.append(TimelineStep(step: step, mark: mark))
    }
    while history.count < checkpoint.step, let next = redo.popLast() {
      history.append(next.step)
      marks.append(next.mark)
    }
    stage.restore(checkpoint.stage)
    tokens = checkpoint.tokens
    strategies = checkpoint.strategies
    expectations = checkpoint.expectations.copy()
    registerLateParticipantsAgain(at: checkpoint.step)
  }
}

/// Where the script stood after a step of the session ran, and whether the step was the
/// script's own (not an action taken live) — so time travel puts the script back too, and a
/// scripted step run again after going back is known to be the same step.
struct StepMark: Equatable {
  /// `nextStepIndex` after the step ran.
  let scriptIndex: Int
  /// Whether the step came from the script (`step()`).
  let scripted: Bool
}

/// A step of the session with its mark: what `redo` holds.
struct TimelineStep {
  let step: ScenarioStep
  let mark: StepMark
}
