import StageEngine
import TerminalKit

/// Everything the screen shows, in one value: the model refs and latest snapshot, focus and
/// selection, the log, overlays, theme and messages. Views are pure functions of it; only
/// `AppController` changes it.
public struct AppState {
  /// The runner driving the stage (and the stage itself, `runner.stage`); `attach` replaces
  /// it when the live session is imported again.
  public internal(set) var runner: ScenarioRunner
  /// The latest stage snapshot (taken after each change, not per frame).
  public var snapshot: StageSnapshot
  /// Which pane has focus.
  public var focus: Pane = .participants
  /// How the screen is divided: a zoomed pane (`z`), the log hidden (presenter mode).
  public var screenMode = ScreenMode()
  /// Index of the selected participant in `snapshot.participants`.
  public var selected = 0
  /// Lines the detail pane is scrolled down.
  public var detailScroll = 0
  /// Lines the log is scrolled up from the newest.
  public var logScroll = 0
  /// The number of the selected log line, pinned by the user; nil follows the newest line.
  public var logSelected: Int?
  /// The event log.
  public var log: LogBuffer
  /// The log lines of the steps time travel went back over, shown again when it goes forward
  /// over them (redo); emptied once another step runs there.
  public var undoneLog: [LogEntry] = []
  /// The overlay taking keys, if any.
  public var overlay: Overlay?
  /// The input line being typed, if any.
  public var input: InputLine?
  /// Whether the input line changed since the filter or deck prediction it drives was last
  /// applied (they are applied when typing pauses).
  public var typingIsPending = false
  /// The theme in use.
  public var theme: Theme
  /// The last action's message.
  public var status: StatusMessage?
  /// The exchange the last step refused, shown in the participant's row and detail.
  public var refusal: Refusal?
  /// "Who sees what" of the selected participant (nil without one); rows are made on demand.
  public var whoSeesWhat: WhoSeesWhat?
  /// Index of the composition the composition pane shows (↑↓ there choose).
  public var selectedComposition = 0
  /// The layout the shown composition would have if it followed the truth (nil without one).
  public var truthSlots: [CompositionSlot]?
  /// The deck's words by participant, for the command line (set with the prepared tokens).
  var deckWords = DeckWords()
  /// The themes' names, for the command line.
  var themeNames: [String] = []
  /// Names the command line completes (participants, the selected participant's deck tokens,
  /// themes): made when the command line asks, so a refresh never walks the deck.
  public var commandHintContext: CommandCatalog.Context {
    CommandCatalog.Context(
      participants: snapshot.participants.prefix(200).map(\.id),
      tokens: deckWords.offered(to: selectedParticipant?.id ?? ""), themes: themeNames)
  }
  /// The script's progress.
  public var script = ScriptProgress()
  /// The scenario's narration in the SDK's words (the demo's story; a file's description).
  public var story = Story()
  /// The same story in presenter mode's plain language, if the scenario has one.
  public var presenterStory: Story?
  /// What the story's own place on screen says now (see `Narration`).
  public var narration: Narration?
  /// An imported scenario's notes in full (guessed SDKs, chosen strategies): the help's top.
  public var importNotes: [String] = []
  /// Whether a scripted step selects the participant it acts on.
  public var followsScript = false
  /// The keymap (drives dispatch, footer and help).
  public var keymap: Keymap = .standard
  /// The step the story opens at (after the demo's setup steps): `:restart` returns there.
  public var openingStep = 0
  /// The keys.conf lines that could not be used, listed at the top of the help.
  public var keyFileProblems: [KeyFile.Problem] = []
  /// Set when the user asked to quit.
  public var wantsQuit = false
  /// The script player, once `--play` or the play key started it (the header then shows it).
  public var autoplay: Autoplay?
  /// The clock the header shows while an `advance` step plays (the model's clock is unchanged).
  public var clockPreview: Int64?
  /// `attach`: the live session's facts for the header (nil in every other monitor).
  public var live: LiveHeader?
  /// `attach`: keys that would change the stage are refused, so the footer leaves them out.
  public var isReadOnly = false
  /// Participants whose SDK the records did not state: their profile is marked everywhere.
  public var sdkGuesses = SDKGuesses()
  /// `attach`: listed participants whose events (ListParticipantEvents) were not read yet:
  /// what they did is unknown, and the panes say so rather than show the model's default.
  public var unreadEvents: Set<String> = []

  /// Creates the state for a runner.
  public init(runner: ScenarioRunner, theme: Theme, logCapacity: Int) {
    self.runner = runner
    self.snapshot = runner.stage.snapshot()
    self.theme = theme
    self.log = LogBuffer(capacity: logCapacity)
  }

  /// The story in the voice the screen speaks now: presenter mode's plain language when it is
  /// on and the scenario has it.
  public var voice: Story {
    screenMode.presenting ? presenterStory ?? story : story
  }

  /// The stage ID (last segment of the ARN).
  public var stageID: String {
    let arn = snapshot.stageARN
    guard let slash = arn.lastIndex(of: "/") else { return arn }
    return String(arn[arn.index(after: slash)...])
  }

  /// The selected participant, if any.
  public var selectedParticipant: ParticipantSnapshot? {
    snapshot.participants.indices.contains(selected) ? snapshot.participants[selected] : nil
  }

  /// Every "who sees what" row of the selected participant, made now: for `c` and tests,
  /// never per frame (it is one row per observer).
  public var beliefs: [ObserverBelief] { whoSeesWhat?.rows(in: snapshot) ?? [] }

  /// The composition the composition pane shows, if any runs.
  public var shownComposition: CompositionSnapshot? {
    let compositions = snapshot.compositions
    return compositions.indices.contains(selectedComposition)
      ? compositions[selectedComposition] : compositions.first
  }

  /// The first strategy question waiting for an answer.
  public var pendingQuestion: PendingQuestion? { snapshot.pendingQuestions.first }

  /// The layer, focus and question state the keymap needs.
  public var keySituation: KeySituation {
    let layer: KeySituation.Layer
    if input != nil {
      layer = .input
    } else {
      switch overlay {
      case .help?, .glossary?, .rules?: layer = .help
      case .deck?: layer = .deck
      case nil: layer = .panes
      }
    }
    return KeySituation(
      layer: layer, focus: focus, questionPending: pendingQuestion != nil,
      scriptAnswersQuestion: scriptAnswersPendingQuestion)
  }

  /// Whether the script answers the waiting question next (`expect` and `advance` steps
  /// before the answer are transparent), so `n` and playing run the script, never answering
  /// "not now" in its place.
  public var scriptAnswersPendingQuestion: Bool {
    guard let question = pendingQuestion, let next = script.nextAction,
      case .answer(let id, _, _) = next
    else { return false }
    return id == question.participant
  }
}
