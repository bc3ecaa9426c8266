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
  /// The status line on opening, if any.
  public let openingNote: String?
  /// An imported scenario's notes (guessed SDKs, chosen strategies), for `:notes`.
  public var importNotes: [String] = []
  /// An imported scenario's recorded events aligned with the model, for the log.
  public var recorded: RecordedLines?
  /// An imported session's participants whose SDK was guessed, marked in the panes.
  public var sdkGuesses = SDKGuesses()
  /// Whether a scripted step selects the participant it acts on (the demo's story).
  public let followsScript: Bool
  /// The step the story opens at (the demo's setup steps ran before it); `:restart` goes there.
  public var openingStep = 0
  /// Presenter mode's plain-language narration by step index.
  public var presenterNotes: [Int: String] = [:]
  /// Presenter mode's opening line.
  public var presenterOpening: String?

  /// Loads the built-in demo and runs its setup steps, so it opens on a live stage.
  public static func demo() throws(ScenarioError) -> MonitorSetup {
    var setup = try MonitorSetup(
      scenario: DemoScenario.load(), file: DemoScenario.fileName, prepared: DemoScenario.deck,
      notes: DemoScenario.notes, openingNote: DemoScenario.openingNote, followsScript: true)
    for _ in 0..<DemoScenario.openingSteps { try setup.runner.step() }
    setup.openingStep = DemoScenario.openingSteps
    setup.presenterNotes = PresenterText.notes
    setup.presenterOpening = PresenterText.opening
    return setup
  }

  /// Loads the scenario file at `path`. None of its steps runs until the user presses `n`:
  /// the file is the user's. Its `description` is the opening status line.
  public static func file(_ path: String) throws(ScenarioError) -> MonitorSetup {
    let scenario = try Scenario(contentsOfFile: path)
    var setup = try MonitorSetup(
      scenario: scenario, file: path, prepared: PreparedToken.fromSteps(of: scenario), notes: [:],
      openingNote: openingNote(of: scenario))
    setup.importNotes = scenario.notes
    setup.recorded = try RecordedLines.aligning(scenario, file: path)
    return setup
  }

  /// An imported scenario's notes (guessed SDKs, chosen strategies) on opening, else its
  /// description.
  static func openingNote(of scenario: Scenario) -> String? {
    guard let first = scenario.notes.first else { return scenario.description }
    let more = scenario.notes.count > 1 ? " (+\(scenario.notes.count - 1) more: ? lists them)" : ""
    return "note: \(first)\(more)"
  }

  /// Prepares `scenario`; `file` names it in errors.
  public init(
    scenario: Scenario, file: String, prepared: [PreparedToken], notes: [Int: String],
    openingNote: String? = nil, followsScript: Bool = false
  ) throws(ScenarioError) {
    runner = try ScenarioRunner(scenario: scenario, file: file)
    self.prepared = prepared
    self.notes = notes
    self.openingNote = openingNote
    self.followsScript = followsScript
  }
}
