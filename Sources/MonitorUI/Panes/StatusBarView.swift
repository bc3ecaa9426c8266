import InputKit
import TerminalKit

/// The lines above the footer, in three places of their own, so one never hides another: the
/// message line (what the last key did, or the line being typed; it passes at the next key),
/// the narration (what the script's last step showed; only the script changes it) and the next
/// line (what the next key does: the strategy question with its keys, the next step's preview,
/// or the story's end). A narrated story keeps room for its longest note, so the panes above
/// do not move from step to step. While an overlay is open or a line is typed, only the
/// message (or the typed line) shows, so they have the room.
public enum StatusBarView {
  /// The most rows the narration takes on screens 100 columns wide or more; narrower screens
  /// give it more rows rather than cut it.
  public static let maximumRows = 3

  /// The most rows the narration takes at `width` columns.
  static func maximumRows(width: Int) -> Int {
    width >= 100 ? maximumRows : width >= 80 ? maximumRows + 1 : maximumRows + 3
  }

  /// From this width on the narration keeps room for its longest note and the next line
  /// shows what the next key does (80×24 and up: the sizes a presenter uses).
  static let roomyWidth = 80

  /// The most rows a message takes (a long error wraps once more).
  static let messageRows = 2

  /// Rows `state`'s status needs at `width` columns.
  public static func rows(_ state: AppState, hint: String, width: Int) -> Int {
    max(1, lines(state, hint: hint, width: width, ellipsis: "…").count)
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

  /// The message (or input) line, the narration and the next line, top to bottom.
  private static func lines(_ state: AppState, hint: String, width: Int, ellipsis: String)
    -> [[Span]]
  {
    var lines: [[Span]] = []
    if let input = state.input {
      lines.append(inputSpans(input, hint: hint, width: width, ellipsis: ellipsis))
    } else if let status = state.status {
      lines += Span.wrap(
        [Span(status.text, role(status.kind))], width: width, maxLines: messageRows,
        ellipsis: ellipsis)
    }
    // An overlay or a line being typed has the room: the story waits below them.
    guard state.overlay == nil, state.input == nil else { return lines }
    let narration = narrationLines(state, width: width, ellipsis: ellipsis)
    lines += narration
    // Below presenting sizes the panes need every row: no room is kept, and only a question
    // takes the next line (the footer names the next step).
    let roomy = width >= roomyWidth
    let reserved = roomy ? narrationRows(state, width: width) : 0
    if narration.count < reserved {
      lines += Array(repeating: [], count: reserved - narration.count)
    }
    if let next = nextLine(state), roomy || state.pendingQuestion != nil {
      lines += Span.wrap(next, width: width, maxLines: 2, ellipsis: ellipsis)
    }
    return lines
  }

  /// The narration wrapped to `width`.
  private static func narrationLines(_ state: AppState, width: Int, ellipsis: String) -> [[Span]] {
    guard let narration = state.narration else { return [] }
    return wrapped(narration.text, kind: narration.kind, width: width, ellipsis: ellipsis)
  }

  private static func wrapped(
    _ text: String, kind: StatusMessage.Kind, width: Int, ellipsis: String
  ) -> [[Span]] {
    var spans: [Span] = []
    // "step 6/13: " stands out, so the number the header and footer count is easy to find.
    if text.hasPrefix("step "), let colon = text.firstIndex(of: ":") {
      let counter = text.index(after: colon)
      spans.append(Span(String(text[..<counter]), .accent))
      spans.append(Span(String(text[counter...]), narrationRole(kind)))
    } else {
      spans.append(Span(text, narrationRole(kind)))
    }
    return Span.wrap(spans, width: width, maxLines: maximumRows(width: width), ellipsis: ellipsis)
  }

  /// The rows a narrated story keeps at `width`: its longest narration (the opening or a step's
  /// note with its counter and summary), so the status band has one height through the story.
  static func narrationRows(_ state: AppState, width: Int) -> Int {
    let story = state.voice
    guard story.isNarrated else { return 0 }
    let total = state.script.total
    let steps = state.runner.scenario.steps
    var longest = story.opening ?? ""
    for (index, note) in story.notes where index < steps.count {
      let summary = story == state.story ? "\(steps[index].summary) — " : ""
      let text = "step \(index + 1)/\(total): \(summary)\(note)"
      if text.utf8.count > longest.utf8.count { longest = text }
    }
    return wrapped(longest, kind: .info, width: width, ellipsis: "…").count
  }

  /// What the next key does: the strategy question and its keys, the next step's preview, or
  /// the story's end; nil for a session without a script and without a question.
  public static func nextLine(_ state: AppState) -> [Span]? {
    if let question = state.pendingQuestion {
      // The SDK's name of the question is in the detail pane; here it must fit 80 columns.
      let ask = " ? \(question.participant)'s app asks: publish now? "
      let keys: String
      if state.scriptAnswersPendingQuestion, case .answer(_, let yes, _)? = state.script.nextAction
      {
        keys =
          " \(key(.answerYes, state)) = yes · \(key(.nextStep, state)) = the script answers"
          + " \(yes ? "yes" : "no") "
      } else {
        keys = " \(key(.answerYes, state)) = yes · \(key(.answerNo, state)) = not now "
      }
      return [
        Span(ask, .warning, attributes: [.reverse, .bold]),
        Span(keys, .warning, attributes: [.reverse, .bold]),
      ]
    }
    let script = state.script
    guard script.total > 0 else { return nil }
    guard script.done < script.total, let next = script.nextStep else {
      let ending = state.voice.ending ?? "the script is finished: b goes back a step, q quits"
      return [Span(ending, .muted)]
    }
    let preview = state.voice.previews[script.done] ?? next.summary
    return [
      Span("\(key(.nextStep, state)): ", .accent, attributes: .bold),
      Span(preview),
      Span("  (step \(script.nextCounter))", .muted),
    ]
  }

  /// The first key bound to `action` as the keymap has it now (keys.conf may rebind it).
  private static func key(_ action: Action, _ state: AppState) -> String {
    state.keymap.bindings.first { $0.action == action }?.keys.first?.label ?? ":\(action.rawValue)"
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

  /// The narration reads as text; a warning or an error keeps its colour.
  private static func narrationRole(_ kind: StatusMessage.Kind) -> ThemeRole {
    kind == .info || kind == .success ? .text : role(kind)
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
