import StageEngine

/// Builds everything a monitor session needs from a scenario: the runner (which signs the
/// deck's tokens too), the deck's prepared tokens and the narration. Fails before the
/// terminal is touched, with a message naming the file and the place in it.
public struct MonitorSetup {
  /// The runner driving the stage.
  public let runner: ScenarioRunner
  /// The deck's prepared tokens.
  public let prepared: [PreparedToken]
  /// Narration per step.
  public let notes: [Int: String]

  /// Loads the built-in demo.
  public static func demo() throws(ScenarioError) -> MonitorSetup {
    try MonitorSetup(
      scenario: DemoScenario.load(), file: DemoScenario.fileName, prepared: DemoScenario.deck,
      notes: DemoScenario.notes)
  }

  /// Loads the scenario file at `path`.
  public static func file(_ path: String) throws(ScenarioError) -> MonitorSetup {
    let scenario = try Scenario(contentsOfFile: path)
    return try MonitorSetup(
      scenario: scenario, file: path, prepared: PreparedToken.fromSteps(of: scenario), notes: [:])
  }

  /// Prepares `scenario`; `file` names it in errors.
  public init(scenario: Scenario, file: String, prepared: [PreparedToken], notes: [Int: String])
    throws(ScenarioError)
  {
    runner = try ScenarioRunner(scenario: scenario, file: file)
    self.prepared = prepared
    self.notes = notes
  }
}
