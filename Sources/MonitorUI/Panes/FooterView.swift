import InputKit
import TerminalKit

/// The key hints, generated from the keymap for the current situation (so they always match
/// what the keys do). `n` names what it does right now: "not now" or "next step (3/12)".
/// Read-only (`attach`), keys that would change the stage are left out: they are refused.
/// Presenter mode has a footer of its own: the keys a presenter uses, the story's first, so they
/// fit at every width.
public enum FooterView {
  /// Presenter mode's keys, in the order its footer shows them (what fits at 80 columns first).
  static let presenterActions: [Action] = [
    .answerNo, .nextStep, .answerYes, .stepBack, .glossary, .zoom, .present, .toggleLog, .quit,
    .help,
  ]

  /// Presenter mode's shorter labels, so its keys fit at 80 columns.
  static func presenterLabel(_ action: Action) -> String? {
    switch action {
    case .nextStep: return "next"
    case .answerYes: return "yes"
    case .present: return "normal"
    default: return nil
    }
  }

  /// One hint: the keys as printed, what they do, and the action (a click on the hint runs it).
  public typealias Hint = (keys: String, label: String, action: Action)

  /// The hints shown for `state`, in keymap order: (keys, label). `ascii` names arrows in
  /// words ("Down/j"), for terminals without Unicode.
  public static func hints(_ state: AppState, ascii: Bool = false) -> [Hint] {
    var seen: Set<String> = []
    var result: [Hint] = []
    for binding in bindings(state)
    where !(state.isReadOnly && binding.action.changesTheStage) {
      let presenting = state.screenMode.presenting && state.keySituation.layer == .panes
      var label = (presenting ? presenterLabel(binding.action) : nil) ?? binding.label
      if binding.action == .nextStep, state.script.total > 0 {
        // The step `n` runs, numbered as the status line numbers it.
        let script = state.script
        label += script.done < script.total ? " \(script.nextCounter)" : " (finished)"
      }
      let keys = binding.keyLabel(ascii: ascii)
      guard seen.insert(keys + label).inserted else { continue }
      result.append((keys, label, binding.action))
    }
    return result
  }

  /// The bindings the footer offers: those marked for it, or presenter mode's keys (on the
  /// panes; an overlay's keys are its own).
  private static func bindings(_ state: AppState) -> [KeyBinding] {
    let active = state.keymap.active(in: state.keySituation)
    guard state.screenMode.presenting, state.keySituation.layer == .panes else {
      return active.filter(\.inFooter)
    }
    return presenterActions.flatMap { action in active.filter { $0.action == action } }
  }

  /// Renders into `rect`, dropping hints that do not fit.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    grid.fill(rect, style: state.theme[.footer])
    for (hint, x, _) in placed(state, in: rect, ascii: grid.glyphs == .ascii) {
      let width = grid.put(hint.keys, x: x, y: rect.y, style: state.theme[.footer].adding(.bold))
      grid.put(" " + hint.label + "  ", x: x + width, y: rect.y, style: state.theme[.footer])
    }
  }

  /// The hints that fit in `rect`, each with its column and width: what `render` draws and
  /// what a mouse click on the footer is matched against.
  public static func placed(_ state: AppState, in rect: Rect, ascii: Bool) -> [(
    hint: Hint, x: Int, width: Int
  )] {
    var x = rect.x + 1
    var result: [(hint: Hint, x: Int, width: Int)] = []
    for hint in hints(state, ascii: ascii) {
      let width = DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.label) + 3
      guard x + width <= rect.maxX else { break }
      result.append((hint, x, width))
      x += width
    }
    return result
  }
}
