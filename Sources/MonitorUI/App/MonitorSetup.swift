import IVSRules
import StageEngine

/// Builds everything a monitor session needs from a scenario: the runner (which signs the
/// deck's tokens too), the deck's prepared tokens and the narration. Fails before the
/// terminal is touched, with a message naming the file and the place in it.
public struct MonitorSetup {
  /// The runner driving the stage.
  public let runner: ScenarioRunner
  /// The deck's prepared tokens.
  public let prepared: [PreparedToken]
  /// The narration (the opening line, per step what it showed and what it will do).
  public var story: Story
  /// The same in presenter mode's plain language, if the scenario has it.
  public var presenterStory: Story?
  /// An imported scenario's notes (guessed SDKs, chosen strategies), for `:notes`.
  public var importNotes: [String] = []
  /// An imported scenario's recorded events aligned with the model, for the log.
  public var recorded: RecordedLines?
  /// The same, still being aligned on a second thread: the controller shows the lines when
  /// they are ready, so the first frame never waits for the alignment's run.
  public var alignment: RecordAlignment?
  /// An imported session's participants whose SDK was guessed, marked in the panes.
  public var sdkGuesses = SDKGuesses()
  /// `attach`: listed participants whose events were not read yet (`AppState.unreadEvents`).
  public var unreadEvents: Set<String> = []
  /// Whether a scripted step selects the participant it acts on (the demo's story).
  public let followsScript: Bool
  /// The step the story opens at (the demo's setup steps ran before it); `:restart` goes there.
  public var openingStep = 0

  /// Loads the built-in demo and runs its setup steps, so it opens on a live stage.
  /// `asOf` (`--as-of`) pins the day of IVS it tells.
  public static func demo(asOf: ServiceDate? = nil) throws(ScenarioError) -> MonitorSetup {
    var scenario = try DemoScenario.load()
    scenario.asOf = asOf ?? scenario.asOf
    let rules = scenario.asOf.map { RuleBook.ivs.inForce(on: $0) } ?? RuleBook.ivs.latest
    let followsAtOnce =
      rules.compositionUpdates(whatIf: scenario.composition?.updates).outcome == .live
    var setup = try MonitorSetup(
      scenario: scenario, file: DemoScenario.fileName, prepared: DemoScenario.deck,
      story: DemoScenario.story(compositionFollowsAtOnce: followsAtOnce), followsScript: true)
    for _ in 0..<DemoScenario.openingSteps { try setup.runner.step() }
    setup.openingStep = DemoScenario.openingSteps
    setup.presenterStory = PresenterText.story(compositionFollowsAtOnce: followsAtOnce)
    return setup
  }

  /// Loads the scenario file at `path`. None of its steps runs until the user presses `n`:
  /// the file is the user's. Its `description` is the opening status line. `today` (the
  /// command's clock) bounds the file's `asOf`; `asOf` (`--as-of`) overrides it.
  public static func file(_ path: String, today: ServiceDate? = nil, asOf: ServiceDate? = nil)
    throws(ScenarioError) -> MonitorSetup
  {
    var scenario = try Scenario(contentsOfFile: path, today: today)
    scenario.asOf = asOf ?? scenario.asOf
    var setup = try MonitorSetup(
      scenario: scenario, file: path, prepared: PreparedToken.fromSteps(of: scenario),
      story: Story(opening: openingNote(of: scenario)))
    setup.importNotes = scenario.notes
    setup.alignment = RecordAlignment.start(scenario, file: path)
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
    scenario: Scenario, file: String, prepared: [PreparedToken], story: Story = Story(),
    followsScript: Bool = false
  ) throws(ScenarioError) {
    runner = try ScenarioRunner(scenario: scenario, file: file)
    self.prepared = prepared
    self.story = story
    self.followsScript = followsScript
  }

  /// The line on opening, if any.
  public var openingNote: String? { story.opening }
}
