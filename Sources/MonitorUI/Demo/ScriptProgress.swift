import StageEngine

/// Where the scenario's script stands, copied from the runner so views stay pure.
public struct ScriptProgress: Sendable {
  /// Steps already run.
  public var done: Int
  /// Steps in the scenario.
  public var total: Int
  /// The next step, nil when finished.
  public var nextStep: ScenarioStep?

  /// Creates a progress value.
  public init(done: Int = 0, total: Int = 0, nextStep: ScenarioStep? = nil) {
    self.done = done
    self.total = total
    self.nextStep = nextStep
  }

  /// One-line summary of the next step, nil when finished.
  public var next: String? { nextStep?.summary }
}
