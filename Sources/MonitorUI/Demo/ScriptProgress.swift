import StageEngine

/// Where the scenario's script stands, copied from the runner so views stay pure: the script's
/// own place (its notes and previews are the file's), and the session's step counter, which the
/// header, the footer, the status line and the narration all show — the session's numbering,
/// which a saved session and its replay keep, once live steps or time travel move it off the
/// file's.
public struct ScriptProgress: Sendable {
  /// The script's steps already run.
  public var done: Int
  /// Steps in the scenario.
  public var total: Int
  /// Steps of the session run so far (scripted or live): the header's `step 7/13`.
  public var sessionDone = 0
  /// Steps the session has when the script's remaining steps have run, or when the steps gone
  /// back over are redone if those reach further.
  public var sessionTotal = 0
  /// The next step, nil when finished.
  public var nextStep: ScenarioStep?
  /// The next step that acts on the stage: `expect` and `advance` steps before it are
  /// transparent (they neither ask nor answer anything), so a question the script answers a
  /// few assertions later is still the script's to answer.
  public var nextAction: ScenarioStep?

  /// Creates a progress value.
  public init(
    done: Int = 0, total: Int = 0, nextStep: ScenarioStep? = nil, nextAction: ScenarioStep? = nil
  ) {
    self.done = done
    self.total = total
    self.nextStep = nextStep
    self.nextAction = nextAction
  }

  /// The progress of a script of `steps` with `done` run.
  public init(steps: [ScenarioStep], done: Int) {
    let rest = steps.dropFirst(done)
    self.init(
      done: done, total: steps.count, nextStep: rest.first,
      nextAction: rest.first { !Self.isTransparent($0) })
  }

  /// Where `runner`'s script and session stand.
  public init(_ runner: ScenarioRunner) {
    self.init(steps: runner.scenario.steps, done: runner.nextStepIndex)
    sessionDone = runner.history.count
    let left = max(0, total - done, runner.redoCount)
    let (end, overflow) = sessionDone.addingReportingOverflow(left)
    sessionTotal = overflow ? sessionDone : end
  }

  /// `7/13`: the session step `n` runs next, of the session's total.
  public var nextCounter: String { "\(sessionDone + 1)/\(sessionTotal)" }

  /// Whether `step` neither asks nor answers anything (`expect`, `advance`).
  public static func isTransparent(_ step: ScenarioStep) -> Bool {
    switch step {
    case .expect, .advance: return true
    default: return false
    }
  }

  /// One-line summary of the next step, nil when finished.
  public var next: String? { nextStep?.summary }
}
