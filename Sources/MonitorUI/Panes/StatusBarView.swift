import TerminalKit

/// The lines above the footer: the input being typed (with a completion hint), else a pending
/// strategy question as a prominent prompt, else the last status message, else the next
/// scripted step. A long message (the demo's narration) wraps onto up to `maximumRows` rows.
public enum StatusBarView {
  /// The most rows the status takes.
  public static let maximumRows = 3

  /// Rows `state`'s status needs at `width` columns (1 to `maximumRows`).
  public static func rows(_ state: AppState, hint: String, width: Int) -> Int {
    WrappedSpans(spans(state, hint: hint), width: width, maxRows: maximumRows).rows
  }

  /// Renders into `rect`.
  public static func render(
    _ state: AppState, hint: String, in rect: Rect, into grid: inout CellGrid
  ) {
    grid.fill(rect, style: state.theme[.text])
    WrappedSpans(spans(state, hint: hint), width: rect.width, maxRows: rect.height)
      .draw(in: rect, theme: state.theme, into: &grid)
  }

  private static func spans(_ state: AppState, hint: String) -> [Span] {
    if let input = state.input {
      var spans = [Span(input.prompt, .accent), Span(input.text + "▏", .text, attributes: .bold)]
      if !hint.isEmpty { spans.append(Span("   " + hint, .muted)) }
      return spans
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

  private static func role(_ kind: StatusMessage.Kind) -> ThemeRole {
    switch kind {
    case .info: return .text
    case .success: return .success
    case .warning: return .warning
    case .error: return .error
    }
  }
}
