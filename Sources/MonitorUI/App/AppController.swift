import StageEngine
import TerminalKit
import TokenCore

/// Applies actions to the stage model and to the UI state: keys go through the keymap to an
/// `Action`, actions call StageEngine's Stage API or the ScenarioRunner, and every change is
/// followed by draining the stage's events into the log and taking a fresh snapshot.
/// Failures become status messages; nothing here can crash on user input.
public final class AppController {
  /// The state views render.
  public internal(set) var state: AppState
  var forge: TokenForge
  let themes: ThemeCatalog
  let options: MonitorOptions
  var prepared: [PreparedToken] {
    didSet { state.deckWords = DeckWords(prepared) }
  }
  /// Rows a page moves; updated from the screen size.
  var pageSize = 10
  /// Columns of the screen; the help overlay wraps to it, and scrolling counts wrapped lines.
  var screenWidth = 120
  /// The screen's size and glyphs, for `:screenshot` and mouse hit-testing (set by the loop).
  var screenSize = TerminalSize(width: 120, height: 40)
  /// Border glyphs of the terminal, for `:screenshot` (and the footer's key names).
  public var screenGlyphs = BorderGlyphs.unicode
  /// An OSC 52 sequence waiting to be written to the terminal (the loop sends it).
  var pendingSequence: [UInt8]?
  /// The last left click, to recognise a double click.
  var lastClick: (target: MouseTarget, time: ContinuousClock.Instant)?
  /// The customer's recorded events of an imported scenario, released as the clock reaches them.
  var recordedLines: RecordedLines?
  /// Those lines while they are still being aligned (`applyAlignment` takes them).
  var alignment: RecordAlignment?
  /// `attach`: where the model stood (steps in its history) before each recent poll's steps,
  /// by poll number (`LiveImport.Addition.poll`), so a late event can put it back there.
  var pollStarts: [Int: Int] = [:]
  /// `attach`: set when an update could not follow on; the live source then imports the
  /// session whole again (`LiveSource.take(_:)`).
  public internal(set) var needsWholeImport = false
  /// Reads the time for double clicks (tests set a fixed clock).
  public var clickClock: () -> ContinuousClock.Instant = { ContinuousClock.now }

  /// Creates a controller for `runner`.
  public init(
    runner: ScenarioRunner, themes: ThemeCatalog, theme: Theme,
    options: MonitorOptions, prepared: [PreparedToken], story: Story = Story()
  ) {
    runner.keepsCheckpoints = true
    self.forge = TokenForge(runner: runner)
    self.themes = themes
    self.options = options
    self.prepared = prepared
    state = AppState(runner: runner, theme: theme, logCapacity: options.logLines)
    state.keymap = options.keymap
    state.keyFileProblems = options.keyFileProblems
    state.isReadOnly = options.readOnlyReason != nil
    state.deckWords = DeckWords(prepared)
    state.themeNames = themes.names
    state.story = story
    refresh()
  }

  var stage: Stage { state.runner.stage }

  /// Handles one input event: every key, paste and mouse report enters here, so they all take
  /// the same path to actions (and can be recorded in one place).
  public func handle(_ event: InputEvent) {
    defer { keepLogSelectionInView() }
    if case .key = event {} else { passMessage() }
    switch event {
    case .key(let key): handle(key)
    case .paste(let paste): handlePaste(paste)
    case .mouse(let mouse): handleMouse(mouse)
    }
  }

  /// Handles one key press.
  public func handle(_ key: Key) {
    defer { keepLogSelectionInView() }
    if key == .resize { return }
    passMessage()
    if key == .control("c") {
      state.wantsQuit = true
      return
    }
    if state.input != nil, handleTyping(key) { return }
    guard let action = state.keymap.action(for: key, in: state.keySituation) else {
      if state.keySituation.layer == .panes {
        state.status = StatusMessage("\(key.label): no such key here (? shows every key)")
      }
      return
    }
    perform(action)
  }

  /// A message lasts until the next key: the narration has its own place and stays, so the
  /// story is never lost under a message (the aligning notice stays until the records are).
  private func passMessage() {
    if state.status?.text.hasPrefix(Self.aligningText) != true { state.status = nil }
  }

  /// Adapts paging to the terminal height and the help's wrapping to its width.
  public func screenResized(to size: TerminalSize) {
    pageSize = max(1, size.height / 3)
    screenWidth = size.width
    screenSize = size
    keepLogSelectionInView()
  }

  /// Whether work waits for a pause in typing (`tick` does it); the loop then waits less.
  public var hasDeferredWork: Bool { state.typingIsPending || alignment != nil }

  /// Called when no input came for a while: applies what typing changed (filter, deck
  /// prediction) and pulls events that arrived without an action (none today: the clock is
  /// virtual).
  public func tick() {
    applyTypedInput()
    if stage.pendingEventCount > 0 || alignment?.finished != nil { refresh() }
  }

  /// The compact token `id` holds now (never shown).
  func currentToken(of id: String) -> String? {
    state.runner.currentToken(of: id)
  }

  /// Drains events into the log (each failure also to `inspectFailure`), brings the snapshot up
  /// to date with what the stage changed, and re-derives only what depends on those changes.
  /// The log keeps the drained burst (what of it fits) as one batch whose events are made when
  /// a line is read, so a fan-out of ten thousand events costs one append and one copy of the
  /// lines kept; only failures are made and handed on.
  func refresh(inspectingFailures inspectFailure: (StageEvent) -> Void = { _ in }) {
    takeFinishedAlignment()
    keepingLogSelection {
      let batch = stage.drainBatch(keepingLast: state.log.capacity)
      state.log.append(batch)
      batch.failures.forEach(inspectFailure)
      if batch.count > 0 {
        state.refusal = batch.failures.last { $0.kind == .exchangeRejected }.flatMap(Refusal.init)
      }
      let lastSeq = batch.lastSeq ?? 0
      let recorded = recordedLines?.release(upTo: stage.clock.now, shownSeq: lastSeq) ?? []
      for line in recorded { state.log.append(line) }
    }
    let changes = stage.refresh(&state.snapshot)
    let count = state.snapshot.participants.count
    state.selected = min(max(0, state.selected), max(0, count - 1))
    let compositions = state.snapshot.compositions.count
    state.selectedComposition = min(max(0, state.selectedComposition), max(0, compositions - 1))
    rederive(after: changes)
    state.script = ScriptProgress(state.runner)
  }

  /// "Who sees what" when any participant or the composition changed (only the composition's
  /// row when only it did); the truthful layout when a publisher or the composition changed.
  private func rederive(after changes: StageChanges) {
    if changes.anyParticipant {
      updateBeliefs()
    } else if changes.composition, let subject = state.whoSeesWhat?.subject {
      // Made first: the optional-chained assignment below holds `state` while it runs.
      let rows = ObserverBelief.compositions(about: subject, in: state.snapshot)
      state.whoSeesWhat?.compositionRows = rows
    }
    let publishers = state.snapshot.publishers
    if changes.everyParticipant || changes.composition || state.truthSlots == nil
      || changes.participants.contains(where: publishers.contains)
    {
      state.truthSlots = CompositionTruth.slots(for: state.shownComposition, in: state.snapshot)
    }
  }

  func updateBeliefs() {
    state.whoSeesWhat = state.selectedParticipant.map {
      WhoSeesWhat(about: $0.id, in: state.snapshot, sdkGuesses: state.sdkGuesses)
    }
  }

  /// Shows `text` on the status line — also how the command reports a problem
  /// found before the UI started (e.g. a broken theme file) without losing it.
  public func report(_ text: String, _ kind: StatusMessage.Kind = .info) {
    state.status = StatusMessage(text, kind: kind)
  }
}

extension AppController {
  /// Creates a controller for a prepared scenario.
  public convenience init(
    setup: MonitorSetup, themes: ThemeCatalog, theme: Theme, options: MonitorOptions
  ) {
    self.init(
      runner: setup.runner, themes: themes, theme: theme, options: options,
      prepared: setup.prepared, story: setup.story)
    state.followsScript = setup.followsScript
    state.openingStep = setup.openingStep
    state.presenterStory = setup.presenterStory
    state.importNotes = setup.importNotes
    state.sdkGuesses = setup.sdkGuesses
    state.unreadEvents = setup.unreadEvents
    updateBeliefs()
    recordedLines = setup.recorded
    alignment = setup.alignment
    if alignment != nil { state.status = StatusMessage(Self.aligningText) }
    refresh()
    if options.present { state.screenMode = ScreenMode(hidesLog: true, presenting: true) }
    narrateScriptPosition()
    if let speed = options.playSpeed { startPlaying(speed: speed) }
  }
}

extension AppController {
  /// The escape sequence an action left for the terminal (a clipboard copy), once.
  public func takeSequence() -> [UInt8]? {
    defer { pendingSequence = nil }
    return pendingSequence
  }
}
