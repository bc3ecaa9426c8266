import TerminalKit

/// Changing the keys of an action (what `keys.conf` does) and finding keys that two actions
/// would share, so a user's table can never silently shadow an action.
extension Keymap {
  /// This keymap with `action` on `keys` wherever it is bound, except while typing (Enter and
  /// Esc of an input line stay, so an input can always be left).
  public func rebinding(_ action: Action, to keys: [Key]) -> Keymap {
    Keymap(
      bindings: bindings.map {
        $0.action == action && $0.context != .input ? $0.rebound(to: keys) : $0
      })
  }

  /// The keys of `action`'s bindings outside input lines, in table order without repeats.
  public func keys(of action: Action) -> [Key] {
    var seen: Set<Key> = []
    return bindings.filter { $0.action == action && $0.context != .input }
      .flatMap(\.keys).filter { seen.insert($0).inserted }
  }

  /// Another action that `key`, bound to `action`, would share a situation with (the first
  /// matching row wins, so one of them would never run); nil when none.
  public func clash(of action: Action, on key: Key) -> Action? {
    for situation in Self.situations {
      let actions = bindings.filter { $0.keys.contains(key) && applies($0, in: situation) }
        .map(\.action)
      if actions.contains(action), let other = actions.first(where: { $0 != action }) {
        return other
      }
    }
    return nil
  }

  /// Every situation bindings can tell apart: each layer, focus and question state.
  static let situations: [KeySituation] = {
    let layers: [KeySituation.Layer] = [.panes, .help, .deck, .input]
    var all: [KeySituation] = []
    for layer in layers {
      for focus in Pane.allCases {
        for (pending, scripted) in [(false, false), (true, false), (true, true)] {
          all.append(
            KeySituation(
              layer: layer, focus: focus, questionPending: pending, scriptAnswersQuestion: scripted)
          )
        }
      }
    }
    return all
  }()
}
