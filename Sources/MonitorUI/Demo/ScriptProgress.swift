import StageEngine

/// Where the scenario's script stands, copied from the runner so views stay pure.
public struct ScriptProgress: Sendable {
  /// Steps already run.
  public var done: Int
  /// Steps in the scenario.
  public var total: Int
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
