import TerminalKit

/// The line above the footer: the input being typed (with a completion hint), else a pending
/// strategy question as a prominent prompt, else the last status message, else the next
/// scripted step.
public enum StatusBarView {
  /// Most lines the status takes: narration wraps rather than being cut.
  public static let maximumLines = 3

  /// The status wrapped to `width`: one line usually, up to `maximumLines` for long narration.
  public static func lines(
    _ state: AppState, hint: String, width: Int, ellipsis: String = "…"
  ) -> [[Span]] {
    if let input = state.input {
      return [inputSpans(input, hint: hint, width: width, ellipsis: ellipsis)]
    }
    return Span.wrap(spans(state), width: width, indent: "  ", maxLines: maximumLines)
  }

  /// Renders `lines` (from `lines(_:hint:width:)`) into `rect`.
  public static func render(
    _ lines: [[Span]], theme: Theme, in rect: Rect, into grid: inout CellGrid
  ) {
    grid.fill(rect, style: theme[.text])
    for (row, line) in lines.prefix(rect.height).enumerated() {
      Span.draw(line, x: rect.x, y: rect.y + row, width: rect.width, theme: theme, into: &grid)
    }
  }

  /// The status (not the input line, which is fitted instead) as one run of spans, before
  /// wrapping.
  static func spans(_ state: AppState) -> [Span] {
    var spans: [Span] = []
    if let question = state.pendingQuestion {
      spans.append(
        Span(
          " ? \(question.participant) asks \(question.name): publish now?  y = yes · n = not now ",
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
