import InputKit
import TerminalKit

/// The lines above the footer: the input being typed (with a completion hint), else a pending
/// strategy question as a prominent prompt, else the last status message, else the next
/// scripted step. A long message (the demo's narration) wraps onto up to `maximumRows` rows.
public enum StatusBarView {
  /// The most rows the status takes on screens 100 columns wide or more; narrower screens give
  /// the narration (and a question before it) more rows rather than cut it.
  public static let maximumRows = 3

  /// The most rows the status takes at `width` columns.
  static func maximumRows(width: Int) -> Int {
    width >= 100 ? maximumRows : width >= 80 ? maximumRows + 1 : maximumRows + 3
  }

  /// Rows `state`'s status needs at `width` columns (1 to `maximumRows`); typing takes one.
  public static func rows(_ state: AppState, hint: String, width: Int) -> Int {
    lines(state, hint: hint, width: width, ellipsis: "…").count
  }

  /// Renders into `rect`.
  public static func render(
    _ state: AppState, hint: String, in rect: Rect, into grid: inout CellGrid
  ) {
    grid.fill(rect, style: state.theme[.text])
    let lines = lines(state, hint: hint, width: rect.width, ellipsis: grid.glyphs.ellipsis)
    for (row, line) in lines.prefix(rect.height).enumerated() {
      Span.draw(
        line, x: rect.x, y: rect.y + row, width: rect.width, theme: state.theme, into: &grid)
    }
  }

  /// The status wrapped at spaces onto at most `maximumRows` rows (the input line is fitted
  /// to one instead).
  private static func lines(_ state: AppState, hint: String, width: Int, ellipsis: String)
    -> [[Span]]
  {
    let spans = spans(state, hint: hint, width: width, ellipsis: ellipsis)
    guard state.input == nil else { return [spans] }
    return Span.wrap(
      spans, width: width, maxLines: maximumRows(width: width), ellipsis: ellipsis)
  }

  private static func spans(_ state: AppState, hint: String, width: Int, ellipsis: String)
    -> [Span]
  {
    if let input = state.input {
      return inputSpans(input, hint: hint, width: width, ellipsis: ellipsis)
    }
    var spans: [Span] = []
    if let question = state.pendingQuestion {
      let no =
        state.scriptAnswersPendingQuestion ? "n = next step (the script answers)" : "n = not now"
      spans.append(
        Span(
          " ? \(question.participant) asks \(question.name): publish now?  y = yes · \(no) ",
          .warning, attributes: [.reverse, .bold]))
      spans.append(Span("  "))
    }
    if let status = state.status {
      spans.append(Span(status.text, role(status.kind)))
    } else if let next = state.script.next, state.pendingQuestion == nil {
      spans.append(Span("next step (n) \(state.script.done + 1)/\(state.script.total): ", .muted))
      spans.append(Span(next, .muted))
    }
    return spans
  }

  /// The prompt, the end of the text that fits (a long text shows its end, where typing
  /// happens, after an ellipsis) and the hint. Costs what fits on screen, not the text's length.
  private static func inputSpans(
    _ input: InputLine, hint: String, width: Int, ellipsis: String
  ) -> [Span] {
    let hintWidth = hint.isEmpty ? 0 : min(DisplayWidth.of(hint) + 3, width / 3)
    let room = max(1, width - DisplayWidth.of(input.prompt) - hintWidth - 1)
    let tail = DisplayWidth.tail(of: input.text, fitting: room)
    let shown = tail.cut ? ellipsis + tail.text.dropFirst() : String(tail.text)
    var spans = [Span(input.prompt, .accent), Span(shown + "▏", .text, attributes: .bold)]
    if !hint.isEmpty { spans.append(Span("   " + hint, input.notice == nil ? .muted : .warning)) }
    return spans
  }

  private static func role(_ kind: StatusMessage.Kind) -> ThemeRole {
    switch kind {
    case .info: return .text
    case .success: return .success
    case .warning: return .warning
    case .error: return .error
    }
  }
}
