import StageEngine
import TerminalKit

extension AppController {
  /// Runs `action` in the current situation.
  public func perform(_ action: Action) {
    if let reason = options.readOnlyReason, action.changesTheStage {
      report("\(action.rawValue): \(reason)", .warning)
      return
    }
    switch action {
    case .help: state.overlay = .help(scroll: 0)
    case .quit: state.wantsQuit = true
    case .focusNext: moveFocus(forward: true)
    case .focusPrevious: moveFocus(forward: false)
    case .zoom: toggleZoom()
    case .present: setPresenting(!state.screenMode.presenting)
    case .toggleLog: toggleLog()
    case .glossary: state.overlay = .glossary(scroll: 0)
    case .rule: showRulesOfSelection()
    case .up, .down, .pageUp, .pageDown, .top, .bottom: move(action)
    case .exchange: openDeck()
    case .togglePublish: withSelected(togglePublish)
    case .toggleJoin: withSelected(toggleJoin)
    case .reconnect: withSelected(reconnect)
    case .toggleMute: withSelected(toggleMute)
    case .networkDrop: withSelected(networkDrop)
    case .startComposition: startAnotherComposition()
    case .stopComposition: stopShownComposition()
    case .refreshStrategy: withSelected(refreshStrategy)
    case .answerYes: answer(true, by: .key)
    case .answerNo: answer(false, by: .key)
    case .nextStep: nextStep()
    case .togglePlay: togglePlay()
    case .cycleSDK: withSelected(cycleSDK)
    case .cyclePolicy: cyclePolicy()
    case .filter: state.input = InputLine(.filter, text: state.log.filter)
    case .togglePause: togglePause()
    case .saveLog: saveLog()
    case .saveScenario: saveScenario(nil)
    case .captureExpectation: captureExpectation()
    case .stepBack: travel(by: -1)
    case .restart: restart()
    case .stepForward: travel(by: 1)
    case .copy: copySelection()
    case .nextTheme: selectTheme(themes.name(after: state.theme.name))
    case .commandLine: state.input = InputLine(.command)
    case .close: close()
    case .confirm: confirm()
    }
  }

  private func withSelected(_ body: (ParticipantSnapshot) -> Void) {
    guard let participant = state.selectedParticipant else {
      report("no participant selected", .error)
      return
    }
    body(participant)
  }

  private func close() {
    if state.input != nil {
      if state.input?.purpose == .filter { setLogFilter("") }
      state.input = nil
      state.typingIsPending = false
    } else if state.overlay != nil {
      state.overlay = nil
    } else {
      state.status = nil
      if !state.log.filter.isEmpty {
        setLogFilter("")
        report("log filter cleared")
      }
    }
  }

  private func confirm() {
    if case .deck = state.overlay { confirmDeck() }
  }

  /// Moves the selection or scrolls the focused pane (or the help overlay).
  /// Moves the selection or scrolls `pane` (the focused one unless a mouse wheel names another),
  /// or the open overlay.
  func move(_ action: Action, in pane: Pane? = nil) {
    if case .help(let scroll) = state.overlay {
      let lines = OverlayView.helpLines(
        state.keymap, ascii: false, screenWidth: screenWidth, notes: state.importNotes,
        keyProblems: state.keyFileProblems)
      let last = lines.count - 1
      state.overlay = .help(scroll: min(last, max(0, scroll + delta(action, page: pageSize))))
      return
    }
    if case .glossary(let scroll) = state.overlay {
      let last = OverlayView.glossaryLines(screenWidth: screenWidth).count - 1
      state.overlay = .glossary(scroll: min(last, max(0, scroll + delta(action, page: pageSize))))
      return
    }
    if case .rules(let rules, let scroll) = state.overlay {
      let last = OverlayView.ruleLines(rules, screenWidth: screenWidth).count - 1
      let moved = min(last, max(0, scroll + delta(action, page: pageSize)))
      state.overlay = .rules(rules, scroll: moved)
      return
    }
    if case .deck(var deck) = state.overlay {
      let count = deck.candidates.count
      deck.highlighted = min(max(0, deck.highlighted + delta(action, page: pageSize)), count - 1)
      state.overlay = .deck(deck)
      return
    }
    switch pane ?? state.focus {
    case .participants:
      let count = state.snapshot.participants.count
      let target = state.selected + delta(action, page: pageSize)
      select(min(max(0, target), max(0, count - 1)))
    case .detail:
      state.detailScroll = max(0, state.detailScroll + delta(action, page: pageSize))
    case .composition: showComposition(state.selectedComposition + delta(action, page: 1))
    case .log: moveLogSelection(by: delta(action, page: pageSize))
    }
  }

  private func delta(_ action: Action, page: Int) -> Int {
    switch action {
    case .up: return -1
    case .down: return 1
    case .pageUp: return -page
    case .pageDown: return page
    case .top: return -Int(Int32.max)
    case .bottom: return Int(Int32.max)
    default: return 0
    }
  }

  /// Selects participant `index` and recomputes who sees it.
  func select(_ index: Int) {
    guard index != state.selected else { return }
    state.selected = index
    state.detailScroll = 0
    updateBeliefs()
  }

  private func togglePause() {
    if state.log.isPaused {
      state.log.resume()
      followLog()
      report("log resumed")
    } else {
      state.log.pause()
      report("log paused: new events are counted, not shown (Space resumes)")
    }
  }

  /// Switches to theme `name`, reporting problems with a theme file.
  func selectTheme(_ name: String) {
    let result = themes.load(name)
    if let problem = result.diagnostics.first(where: { $0.severity == .error }) {
      report("theme: \(problem)", .error)
      return
    }
    state.theme = result.theme
    report("theme \(result.theme.name)")
  }
}

extension Action {
  /// Whether the action makes a participant join, leave, publish, mute, drop, reconnect,
  /// re-ask its strategy or answer one, changes an SDK or a composition, or moves the run
  /// (next step, play, time travel) — what a watched real stage must never be told to do, and
  /// what would take the model away from the records it follows. The deck (`x`) only predicts:
  /// its Enter is refused where the exchange would run (`AppController.run`).
  var changesTheStage: Bool {
    switch self {
    case .togglePublish, .toggleJoin, .reconnect, .toggleMute, .networkDrop, .startComposition,
      .stopComposition, .refreshStrategy, .answerYes, .answerNo, .cycleSDK, .cyclePolicy,
      .nextStep, .togglePlay, .stepBack, .stepForward, .restart:
      return true
    default:
      return false
    }
  }
}
