import TerminalKit

/// Typing into the input line: printable keys edit the text, Enter and Esc go through the
/// keymap's input bindings, Tab completes commands.
extension AppController {
  /// Returns whether `key` was consumed as typing.
  func handleTyping(_ key: Key) -> Bool {
    guard var input = state.input else { return false }
    switch key {
    case .character(let character):
      input.text.append(character)
    case .backspace, .delete:
      guard !input.text.isEmpty else { return true }
      input.text.removeLast()
    case .tab where input.purpose == .command:
      input.text = CommandCatalog.complete(input.text, context: state.commandHintContext)
    case .enter:
      submit(input)
      return true
    default:
      return false
    }
    state.input = input
    edited(input)
    return true
  }

  private func edited(_ input: InputLine) {
    switch input.purpose {
    case .filter: state.log.setFilter(input.text)
    case .deckValue: deckValueChanged(input.text)
    case .command: break
    }
  }

  private func submit(_ input: InputLine) {
    state.input = nil
    switch input.purpose {
    case .filter:
      state.logScroll = 0
      let count = state.log.visibleCount
      report(input.text.isEmpty ? "log filter off" : "filter \"\(input.text)\": \(count) lines")
    case .command: execute(command: input.text)
    case .deckValue:
      if case .deck(let deck) = state.overlay, let candidate = deck.current {
        exchange(deck.participant, candidate)
      }
    }
  }
}
