import StageEngine
import TerminalKit

/// The top bar: stage, virtual clock, the session's timeline (time travel), publishers,
/// composition policy, theme and what the keyboard is driving.
public enum HeaderView {
  /// Renders into `rect`. When everything does not fit, the least needed parts go first (the
  /// theme name, then the date, the timeline's bar, the driven participant's SDK, the timeline),
  /// so the composition's policy is never cut.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let style = state.theme[.header]
    grid.fill(rect, style: style)
    let ascii = grid.glyphs == .ascii
    let separator = ascii ? " | " : " │ "
    let (left, driving) = fitting(state, width: rect.width, separator: separator, ascii: ascii)
    // The stage's facts win over the driving text when even the shortest variant is too long.
    let room = max(0, rect.width - DisplayWidth.of(left) - 1)
    let shown = min(DisplayWidth.of(driving), room)
    grid.put(left, x: rect.x, y: rect.y, style: style, maxWidth: rect.width - shown)
    grid.put(
      driving, x: rect.maxX - shown, y: rect.y, style: style.adding(.bold), maxWidth: shown)
  }

  /// The left text and the driving text for `width`: the fullest variant that fits, else the
  /// shortest one (which the grid ends with an ellipsis).
  static func fitting(_ state: AppState, width: Int, separator: String, ascii: Bool) -> (
    String, String
  ) {
    let iso = VirtualTime.iso8601(state.clockPreview ?? state.snapshot.time)
    let clock = String(iso.dropFirst(11))
    var variant = ("", "")
    let bar = TimelineText.text(state, ascii: ascii, compact: false)
    let counts = TimelineText.text(state, ascii: ascii, compact: true)
    for (withTheme, time, timeline, withSDK) in [
      (true, iso, bar, true), (false, iso, bar, true), (false, clock, bar, true),
      (false, clock, counts, true), (false, clock, counts, false), (false, clock, nil, false),
    ] {
      let shown = [playText(state, ascii: ascii), failedText(state, ascii: ascii)].compactMap { $0 }
      let left =
        " "
        + (shown + parts(state, time: time, timeline: timeline, withTheme: withTheme))
        .joined(separator: separator)
      variant = (left, drivingText(state, ascii: ascii, withSDK: withSDK))
      if DisplayWidth.of(variant.0) + 1 + DisplayWidth.of(variant.1) <= width { break }
    }
    return variant
  }

  private static func parts(
    _ state: AppState, time: String, timeline: String?, withTheme: Bool
  ) -> [String] {
    var parts = ["stage \(state.stageID)", time] + (timeline.map { [$0] } ?? [])
    parts.append("publishers \(state.snapshot.publishers.count)/\(Stage.publisherLimit)")
    if let composition = state.shownComposition?.configuration {
      let others = state.snapshot.compositions.count - 1
      parts.append(
        "\(composition.layout.rawValue) \(composition.updates.rawValue)"
          + (others > 0 ? " +\(others)" : ""))
    } else {
      parts.append("no composition")
    }
    if withTheme { parts.append("theme \(state.theme.name)") }
    return parts
  }

  /// "▶ 2×" while the script plays, "❚❚ 2×" once paused ("> 2x", "|| 2x" in ASCII); nil before
  /// playing was ever started.
  static func playText(_ state: AppState, ascii: Bool) -> String? {
    guard let player = state.autoplay else { return nil }
    let symbol = player.isPlaying ? (ascii ? ">" : "▶") : (ascii ? "||" : "❚❚")
    return "\(symbol) \(player.speedText)\(ascii ? "x" : "×")"
  }

  /// "✘ 2 failed" once statements of `expect` steps failed in the session ("X 2 failed").
  static func failedText(_ state: AppState, ascii: Bool) -> String? {
    let failed = state.runner.expectationFailures.count
    return failed == 0 ? nil : "\(ascii ? "X" : "✘") \(failed) failed"
  }

  /// "▶ guest (android@1.37.0)", or the composition when its pane has focus.
  public static func drivingText(_ state: AppState, ascii: Bool, withSDK: Bool = true) -> String {
    let arrow = ascii ? ">" : "▶"
    if state.focus == .composition, let composition = state.shownComposition {
      return
        "\(arrow) composition \(composition.id) (\(composition.configuration.updates.rawValue))"
    }
    guard let participant = state.selectedParticipant else { return "\(arrow) nobody" }
    return withSDK
      ? "\(arrow) \(participant.id) (\(participant.sdk))" : "\(arrow) \(participant.id)"
  }
}
