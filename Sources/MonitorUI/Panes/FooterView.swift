import InputKit
import TerminalKit

/// The key hints, generated from the keymap for the current situation (so they always match
/// what the keys do). `n` names what it does right now: "not now" or "next step (3/12)".
/// Read-only (`attach`), keys that would change the stage are left out: they are refused.
public enum FooterView {
  /// One hint: the keys as printed, what they do, and the action (a click on the hint runs it).
  public typealias Hint = (keys: String, label: String, action: Action)

  /// The hints shown for `state`, in keymap order: (keys, label). `ascii` names arrows in
  /// words ("Down/j"), for terminals without Unicode.
  public static func hints(_ state: AppState, ascii: Bool = false) -> [Hint] {
    var seen: Set<String> = []
    var result: [Hint] = []
    for binding in state.keymap.active(in: state.keySituation)
    where binding.inFooter && !(state.isReadOnly && binding.action.changesTheStage) {
      var label = binding.label
      if binding.action == .nextStep, state.script.total > 0 {
        // The step `n` runs, numbered as the status line numbers it.
        let (done, total) = (state.script.done, state.script.total)
        label += done < total ? " \(done + 1)/\(total)" : " (finished)"
      }
      let keys = binding.keyLabel(ascii: ascii)
      guard seen.insert(keys + label).inserted else { continue }
      result.append((keys, label, binding.action))
    }
    return result
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
