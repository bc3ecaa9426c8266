import TerminalKit

/// The token deck: entries on the left with a verdict symbol, the highlighted entry's claim
/// diff and predicted outcome on the right (below on narrow screens).
public enum DeckView {
  /// Renders `deck` over the panes.
  public static func render(_ state: AppState, _ deck: DeckState, into grid: inout CellGrid) {
    let parts = layout(deck, in: grid.bounds)
    OverlayView.clear(parts.box, theme: state.theme, into: &grid)
    let profile = state.snapshot.participant(deck.participant)?.sdk.description ?? ""
    _ = PaneFrame.draw(
      parts.box,
      title: "Token deck: \(deck.participant) (\(profile)) — Enter exchanges, Esc closes",
      focused: true, theme: state.theme, into: &grid)
    guard let list = parts.list, let detail = parts.detail else { return }
    renderList(state, deck, in: list, ascii: grid.glyphs == .ascii, into: &grid)
    renderDetail(state, deck, in: detail, into: &grid)
  }

  /// Where the deck goes on a screen of `bounds`: its box, the entry list and the detail (nil
  /// when too small). Drawing and mouse hit-testing both use it. Side by side, the list is as
  /// wide as its longest title (up to half the deck), so no preset's title is cut; a longer
  /// prepared token's name is whole at the top of the detail.
  public static func layout(_ deck: DeckState, in bounds: Rect) -> (
    box: Rect, list: Rect?, detail: Rect?
  ) {
    let box = OverlayView.box(
      in: bounds, width: bounds.width * 94 / 100, height: max(16, deck.candidates.count + 4))
    let inner = box.inset(by: 1)
    guard inner.width > 10, inner.height > 2 else { return (box, nil, nil) }
    let wide = inner.width >= 90
    let longest = deck.candidates.map { Span.columns($0.entry.title) }.max() ?? 0
    let listWidth = min(max(minimumListWidth, longest + markWidth), inner.width / 2)
    let parts =
      wide ? inner.columns([.fixed(listWidth), .fill]) : inner.rows([.percent(50), .fill])
    let detail = Rect(
      x: parts[1].x + (wide ? 2 : 0), y: parts[1].y + (wide ? 0 : 1),
      width: parts[1].width - (wide ? 2 : 0), height: parts[1].height - (wide ? 0 : 1))
    return (box, parts[0], detail)
  }

  /// The list's width side by side when every title is short.
  static let minimumListWidth = 36
  /// The columns before a title: the highlight marker and the verdict mark.
  static let markWidth = 4

  /// The entry shown on row `y` of `list`, if any.
  public static func entry(atRow y: Int, of deck: DeckState, in list: Rect) -> Int? {
    let first = ParticipantsView.firstVisibleRow(
      selected: deck.highlighted, count: deck.candidates.count, rows: list.height)
    let index = first + y - list.y
    return y >= list.y && y < list.maxY && deck.candidates.indices.contains(index) ? index : nil
  }

  private static func renderList(
    _ state: AppState, _ deck: DeckState, in rect: Rect, ascii: Bool, into grid: inout CellGrid
  ) {
    let first = ParticipantsView.firstVisibleRow(
      selected: deck.highlighted, count: deck.candidates.count, rows: rect.height)
    for row in 0..<min(rect.height, deck.candidates.count - first) {
      let index = first + row
      let candidate = deck.candidates[index]
      let spans = [
        Span(index == deck.highlighted ? (ascii ? "> " : "▶ ") : "  ", .accent),
        mark(candidate.prediction, ascii: ascii),
        Span(candidate.entry.title, candidate.prediction.isDisabled ? .muted : .text),
      ]
      Span.draw(
        spans, x: rect.x, y: rect.y + row, width: rect.width, theme: state.theme,
        into: &grid)
      if index == deck.highlighted {
        grid.paint(
          Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1),
          style: state.theme[.selection])
      }
    }
  }

  /// ✔ accepted, ✖ rejected, – disabled (needs a key the scenario lacks).
  private static func mark(_ prediction: ExchangePrediction, ascii: Bool) -> Span {
    if prediction.isDisabled { return Span(ascii ? "- " : "– ", .muted) }
    if prediction.isAccepted { return Span(ascii ? "+ " : "✔ ", .success) }
    return Span(ascii ? "x " : "✖ ", .error)
  }

  private static func renderDetail(
    _ state: AppState, _ deck: DeckState, in rect: Rect, into grid: inout CellGrid
  ) {
    guard let candidate = deck.current else { return }
    var head: [[Span]] = [[Span(candidate.entry.title, .title)]]
    if let prompt = candidate.entry.inputPrompt {
      let value = deck.inputs[deck.highlighted] ?? ""
      let shown = value.isEmpty ? "(empty)" : shortened(value, width: rect.width)
      head.append([Span("\(prompt): ", .muted), Span(shown)])
      if state.input == nil { head.append([Span("Enter to type a value", .muted)]) }
    }
    head.append([Span("changes vs the current token", .muted)])
    let diff = candidate.diff.isEmpty ? ["(no claim changes besides iat)"] : candidate.diff
    let changes = diff.map { [Span("  " + shortened($0, width: rect.width * 2))] }
    var outcome: [[Span]] = [[]]
    let prediction = candidate.prediction
    if state.typingIsPending, state.input?.purpose == .deckValue {
      outcome.append([Span("predicted: once typing pauses…", .muted)])
    } else {
      outcome.append([
        Span("predicted: ", .muted),
        Span(prediction.headline, prediction.isAccepted ? .success : .error, attributes: .bold),
      ])
      if case .accepted(let effects) = prediction {
        outcome += effects.map { [Span("  " + $0, $0.hasPrefix("STALE") ? .stale : .text)] }
      }
    }
    if !deck.preparedElsewhere.isEmpty {
      let list = deck.preparedElsewhere.joined(separator: "; ")
      outcome += [[], [Span("prepared for others, not offered here: \(list)", .muted)]]
    }
    draw(head: head, changes: changes, outcome: outcome, in: rect, state.theme, into: &grid)
  }

  /// A long value (a pasted JWT) as its start, an ellipsis and its end, with its length, so it
  /// takes at most about `width` columns.
  static func shortened(_ value: String, width: Int) -> String {
    let count = value.count
    let room = max(24, width - 16)
    guard count > room else { return value }
    let end = room / 3
    return "\(value.prefix(room - end - 1))…\(value.suffix(end)) (\(count) characters)"
  }

  /// Draws the lines, wrapped rather than cut; when they do not all fit, the claim changes
  /// give way (with a count of those left out), so the predicted outcome stays on screen.
  private static func draw(
    head: [[Span]], changes: [[Span]], outcome: [[Span]], in rect: Rect, _ theme: Theme,
    into grid: inout CellGrid
  ) {
    func wrapped(_ lines: [[Span]]) -> [[Span]] {
      lines.flatMap { Span.wrap($0, width: rect.width, indent: "    ") }
    }
    let top = wrapped(head)
    let bottom = wrapped(outcome)
    var middle = wrapped(changes)
    let room = max(1, rect.height - top.count - bottom.count)
    if middle.count > room {
      let left = middle.count - (room - 1)
      middle = Array(middle.prefix(room - 1)) + [[Span("  … \(left) more rows of changes", .muted)]]
    }
    for (row, line) in (top + middle + bottom).prefix(rect.height).enumerated() {
      Span.draw(line, x: rect.x, y: rect.y + row, width: rect.width, theme: theme, into: &grid)
    }
  }
}
