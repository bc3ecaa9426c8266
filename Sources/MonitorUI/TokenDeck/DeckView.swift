import TerminalKit

/// The token deck: entries on the left with a verdict symbol, the highlighted entry's claim
/// diff and predicted outcome on the right (below on narrow screens).
public enum DeckView {
  /// Renders `deck` over the panes.
  public static func render(_ state: AppState, _ deck: DeckState, into grid: inout CellGrid) {
    let rect = OverlayView.box(
      in: grid.bounds, width: grid.width * 94 / 100, height: max(16, deck.candidates.count + 4))
    OverlayView.clear(rect, theme: state.theme, into: &grid)
    let profile = state.snapshot.participant(deck.participant)?.sdk.description ?? ""
    let inner = PaneFrame.draw(
      rect, title: "Token deck: \(deck.participant) (\(profile)) — Enter exchanges, Esc closes",
      focused: true, theme: state.theme, into: &grid)
    guard inner.width > 10, inner.height > 2 else { return }
    let wide = inner.width >= 90
    let parts =
      wide ? inner.columns([.fixed(36), .fill]) : inner.rows([.percent(50), .fill])
    renderList(state, deck, in: parts[0], ascii: grid.glyphs == .ascii, into: &grid)
    let detail = Rect(
      x: parts[1].x + (wide ? 2 : 0), y: parts[1].y + (wide ? 0 : 1),
      width: parts[1].width - (wide ? 2 : 0), height: parts[1].height - (wide ? 0 : 1))
    renderDetail(state, deck, in: detail, into: &grid)
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
    var lines: [[Span]] = [[Span(candidate.entry.title, .title)]]
    if let prompt = candidate.entry.inputPrompt {
      let value = deck.inputs[deck.highlighted] ?? ""
      lines.append([Span("\(prompt): ", .muted), Span(value.isEmpty ? "(empty)" : value)])
      if state.input == nil { lines.append([Span("Enter to type a value", .muted)]) }
    }
    lines.append([Span("changes vs the current token", .muted)])
    let diff = candidate.diff.isEmpty ? ["(no claim changes besides iat)"] : candidate.diff
    lines += diff.map { [Span("  " + $0)] }
    lines.append([])
    let prediction = candidate.prediction
    if state.typingIsPending, state.input?.purpose == .deckValue {
      lines.append([Span("predicted: once typing pauses…", .muted)])
      return draw(lines, in: rect, state.theme, into: &grid)
    }
    lines.append([
      Span("predicted: ", .muted),
      Span(prediction.headline, prediction.isAccepted ? .success : .error, attributes: .bold),
    ])
    if case .accepted(let effects) = prediction {
      lines += effects.map { [Span("  " + $0, $0.hasPrefix("STALE") ? .stale : .text)] }
    }
    draw(lines, in: rect, state.theme, into: &grid)
  }

  private static func draw(
    _ lines: [[Span]], in rect: Rect, _ theme: Theme, into grid: inout CellGrid
  ) {
    // Claim diffs and predicted effects wrap rather than being cut.
    let wrapped = lines.flatMap { Span.wrap($0, width: rect.width, indent: "    ") }
    for (row, line) in wrapped.prefix(rect.height).enumerated() {
      Span.draw(line, x: rect.x, y: rect.y + row, width: rect.width, theme: theme, into: &grid)
    }
  }
}
