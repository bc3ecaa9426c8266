import TerminalKit

/// Typing and pasting into the input line. Printable keys and pastes edit the text in place
/// (bounded by `InputLine.maximumBytes`); Enter and Esc go through the keymap's input bindings;
/// Tab completes commands. What the text drives — the log filter, the deck's prediction — is
/// not recomputed per keystroke but once typing pauses (`tick`) or on Enter, so a key costs the
/// same whatever the text's length.
extension AppController {
  /// Returns whether `key` was consumed as typing.
  func handleTyping(_ key: Key) -> Bool {
    guard let purpose = state.input?.purpose else { return false }
    switch key {
    case .character(let character):
      state.input?.insert(String(character))
    case .backspace, .delete:
      state.input?.deleteLast()
    case .tab where purpose == .command:
      let completed = CommandCatalog.complete(
        state.input?.text ?? "", context: state.commandHintContext)
      state.input?.replace(with: completed)
    case .enter:
      submitInput()
      return true
    default:
      return false
    }
    state.typingIsPending = true
    return true
  }

  /// A bracketed paste: one edit of the open input line. With the deck open on an entry that
  /// takes a value, the paste opens its input first ("paste a raw JWT"). Anywhere else it is
  /// refused as a whole, so pasted text never runs keys.
  func handlePaste(_ paste: Paste) {
    if state.input == nil, case .deck(let deck) = state.overlay,
      deck.current?.entry.inputPrompt != nil
    {
      state.input = InputLine(.deckValue)
    }
    guard state.input != nil else {
      report("paste ignored: open / (filter), : (command) or a deck value first", .warning)
      return
    }
    let whole = state.input?.insert(paste.text) ?? false
    if paste.droppedBytes > 0 || !whole { state.input?.markCut() }
    state.typingIsPending = true
  }

  /// Applies what the typed text drives, if it changed since last time: the log filter, or the
  /// highlighted deck entry's token and prediction.
  func applyTypedInput() {
    guard state.typingIsPending, let input = state.input else { return }
    state.typingIsPending = false
    switch input.purpose {
    case .filter: setLogFilter(input.text)
    case .deckValue: deckValueChanged(input.text)
    case .command, .overwrite, .expectation: break
    }
  }

  private func submitInput() {
    applyTypedInput()
    guard let input = state.input else { return }
    state.input = nil
    switch input.purpose {
    case .filter:
      let count = state.log.visibleCount
      report(
        input.text.isEmpty
          ? "log filter off" : "filter \"\(InputLine.preview(input.text))\": \(count) lines")
    case .command: execute(command: input.text)
    case .expectation: addExpectations(input.text)
    case .overwrite(let path):
      if ["y", "yes"].contains(input.text.lowercased()) {
        saveScenario(to: path, overwrite: true)
      } else {
        report("not saved: \(path) kept as it was")
      }
    case .deckValue:
      if case .deck(let deck) = state.overlay, let candidate = deck.current {
        exchange(deck.participant, candidate)
      }
    }
  }
}
