import TerminalKit

/// The whole frame as a pure function of the state: the same state always gives the same
/// grid, whatever the grid held before, and the backend writes only the cells that changed, so
/// nothing flickers. The grid is cleared to the theme's background first, so no cell shows the
/// terminal's own unless the theme says so.
public enum Screen {
  /// Draws `state` into `grid` (which has the terminal's size and glyphs).
  public static func render(_ state: AppState, into grid: inout CellGrid) {
    let hint = inputHint(state)
    guard let layout = layout(state, size: TerminalSize(width: grid.width, height: grid.height))
    else {
      grid.clear(style: state.theme[.text])
      TooSmallView.render(state.theme, into: &grid)
      if grid.glyphs == .ascii { ASCIIFallback.apply(to: &grid) }
      return
    }
    grid.clear(style: state.theme[.text])
    HeaderView.render(state, in: layout.header, into: &grid)
    for pane in Pane.allCases where !layout.hidden.contains(pane) {
      let rect = layout.rect(of: pane)
      switch pane {
      case .participants: ParticipantsView.render(state, in: rect, into: &grid)
      case .detail: DetailView.render(state, in: rect, into: &grid)
      case .composition: CompositionView.render(state, in: rect, into: &grid)
      case .log: LogView.render(state, in: rect, into: &grid)
      }
    }
    switch state.overlay {
    case .help(let scroll)?: OverlayView.renderHelp(state, scroll: scroll, into: &grid)
    case .glossary(let scroll)?: OverlayView.renderGlossary(state, scroll: scroll, into: &grid)
    case .rules(let rules, let scroll)?:
      OverlayView.renderRules(rules, state, scroll: scroll, into: &grid)
    case .deck(let deck)?: DeckView.render(state, deck, into: &grid)
    case nil: break
    }
    StatusBarView.render(state, hint: hint, in: layout.status, into: &grid)
    FooterView.render(state, in: layout.footer, into: &grid)
    if grid.glyphs == .ascii { ASCIIFallback.apply(to: &grid) }
  }

  /// Where the panes of `state` go on a screen of `size` (nil below the minimum size): the
  /// frame's own layout, for what must agree with it (the log selection's scrolling).
  public static func layout(_ state: AppState, size: TerminalSize) -> ScreenLayout? {
    ScreenLayout(
      size: size, participantCount: state.snapshot.participants.count,
      statusRows: StatusBarView.rows(state, hint: inputHint(state), width: size.width),
      storyRows: { DetailContent.storyRows(state, width: $0) },
      newestLogRows: { LogView.newestRows(state.log, width: $0, limit: size.height) },
      mode: state.screenMode)
  }

  private static func inputHint(_ state: AppState) -> String {
    guard let input = state.input else { return "" }
    if let notice = input.notice { return notice }
    switch input.purpose {
    case .command:
      // Hints are for commands being typed; a long line (a pasted value) is not re-read per frame.
      guard input.text.utf8.count <= CommandCatalog.hintLimit else { return "Enter runs" }
      return CommandCatalog.hint(for: input.text, context: state.commandHintContext)
    case .filter:
      if state.typingIsPending { return "filters when typing pauses · Enter keeps · Esc clears" }
      return "\(state.log.visibleCount) matching · Enter keeps · Esc clears"
    case .deckValue: return "Enter exchanges · Esc cancels"
    case .overwrite: return "y Enter replaces it · Esc keeps it"
    case .expectation: return "Enter adds to the session · Esc cancels"
    }
  }
}
