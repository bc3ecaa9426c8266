import TerminalKit

/// What is under the mouse pointer, worked out from the same layout the frame is drawn with
/// (`Screen.layout`, `LogView.placement`, `DeckView.layout`, `FooterView.placed`), so a click
/// lands on what the user sees.
public enum MouseTarget: Equatable, Sendable {
  /// A participant's row (index into the snapshot's participants).
  case participant(Int)
  /// A log line, by its number in the log.
  case logLine(Int)
  /// A deck entry's row.
  case deckEntry(Int)
  /// A footer hint, by the action it runs.
  case hint(Action)
  /// Somewhere in a pane.
  case pane(Pane)
  /// Nothing that reacts (borders, the header, outside an open overlay).
  case nothing

  /// The target at (`x`, `y`) on a screen of `size` showing `state`.
  /// `ascii` says whether the footer is drawn with ASCII key names (they are wider).
  public static func at(
    x: Int, y: Int, size: TerminalSize, ascii: Bool, state: AppState
  ) -> MouseTarget {
    guard let layout = Screen.layout(state, size: size) else { return .nothing }
    if layout.footer.contains(x: x, y: y) {
      let hit = FooterView.placed(state, in: layout.footer, ascii: ascii).first {
        x >= $0.x && x < $0.x + $0.width
      }
      return hit.map { .hint($0.hint.action) } ?? .nothing
    }
    switch state.overlay {
    case .deck(let deck)?:
      let list = DeckView.layout(deck, in: Rect(width: size.width, height: size.height)).list
      guard let list, list.contains(x: x, y: y) else { return .nothing }
      return DeckView.entry(atRow: y, of: deck, in: list).map(MouseTarget.deckEntry) ?? .nothing
    case .help?, .glossary?, .rules?: return .nothing
    case nil: break
    }
    guard let pane = Pane.allCases.first(where: { layout.rect(of: $0).contains(x: x, y: y) })
    else { return .nothing }
    if pane == .participants, let row = participantRow(y, layout.participants, state) {
      return .participant(row)
    }
    if pane == .log {
      let ellipsis = ascii ? BorderGlyphs.ascii.ellipsis : BorderGlyphs.unicode.ellipsis
      let row = LogView.line(atRow: y, state, in: layout.log.inset(by: 1), ellipsis: ellipsis)
      if let row { return .logLine(row) }
    }
    return .pane(pane)
  }

  /// The participant shown on row `y` of the participants pane (below its border and header).
  private static func participantRow(_ y: Int, _ rect: Rect, _ state: AppState) -> Int? {
    let inner = rect.inset(by: 1)
    let rows = inner.height - 1
    let count = state.snapshot.participants.count
    let first = ParticipantsView.firstVisibleRow(selected: state.selected, count: count, rows: rows)
    let index = first + y - inner.y - 1
    return y > inner.y && y < inner.maxY && index < count ? index : nil
  }
}
