import StageEngine
import TerminalKit

/// The top bar: stage, virtual clock, publishers, composition policy, theme and what the
/// keyboard is driving (script progress lives in the footer's `n` hint).
public enum HeaderView {
  /// Renders into `rect`.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let style = state.theme[.header]
    grid.fill(rect, style: style)
    let time = VirtualTime.iso8601(state.snapshot.time)
    var parts = [
      "stage \(state.stageID)", time,
      "publishers \(state.snapshot.publishers.count)/\(Stage.publisherLimit)",
    ]
    if let composition = state.snapshot.composition?.configuration {
      parts.append("\(composition.layout.rawValue) \(composition.updates.rawValue)")
    } else {
      parts.append("no composition")
    }
    parts.append("theme \(state.theme.name)")
    let separator = grid.glyphs == .ascii ? " | " : " │ "
    let driving = drivingText(state, ascii: grid.glyphs == .ascii)
    let drivingWidth = DisplayWidth.of(driving)
    let leftWidth = max(0, rect.width - drivingWidth - 1)
    grid.put(
      " " + parts.joined(separator: separator), x: rect.x, y: rect.y, style: style,
      maxWidth: leftWidth)
    grid.put(
      driving, x: rect.maxX - drivingWidth, y: rect.y, style: style.adding(.bold),
      maxWidth: drivingWidth)
  }

  /// "▶ guest (android@1.37.0)", or the composition when its pane has focus.
  public static func drivingText(_ state: AppState, ascii: Bool) -> String {
    let arrow = ascii ? ">" : "▶"
    if state.focus == .composition, let composition = state.snapshot.composition {
      return "\(arrow) composition (\(composition.configuration.updates.rawValue))"
    }
    guard let participant = state.selectedParticipant else { return "\(arrow) nobody" }
    return "\(arrow) \(participant.id) (\(participant.sdk))"
  }
}
