import TerminalKit

/// The log's selection, as in k9s or lazygit: ↑↓ (and the page, top and bottom keys) move it
/// while the log has focus and the view scrolls just enough to keep it whole; on the newest
/// line it follows new events, elsewhere it stays on its event as events arrive, while paused
/// and through filter changes (moving to the nearest newer visible line when its own is
/// filtered out or dropped). The pinned line is kept by number, so every step is O(log n) in
/// the log's size plus the lines the pane shows.
extension AppState {
  /// The number of the selected log line: the pinned one, or the nearest newer visible line
  /// when it is not visible, or the newest visible line while following; nil when the log
  /// shows nothing.
  public var selectedLogLine: Int? {
    guard let offset = log.offsetFromEnd(ofFirstAtOrAfter: logSelected ?? .max) else { return nil }
    return log.window(limit: 1, offsetFromEnd: offset).first
  }
}

extension AppController {
  /// Moves the log selection `delta` visible lines down (negative: up, to older lines).
  func moveLogSelection(by delta: Int) {
    guard let offset = state.log.offsetFromEnd(ofFirstAtOrAfter: state.logSelected ?? .max)
    else { return }
    let oldest = state.log.visibleCount - 1
    selectLogLine(atOffset: min(oldest, max(0, offset - delta)))
  }

  /// Scrolls the log view `delta` lines down (negative: up, to older lines) with the selection
  /// moving along, so it keeps its row (the wheel).
  func scrollLog(by delta: Int) {
    guard let offset = state.log.offsetFromEnd(ofFirstAtOrAfter: state.logSelected ?? .max)
    else { return }
    let oldest = state.log.visibleCount - 1
    let scroll = min(oldest, max(0, state.logScroll - delta))
    let shift = scroll - state.logScroll
    state.logScroll = scroll
    selectLogLine(atOffset: min(oldest, max(0, offset + shift)))
  }

  /// Selects log line `number` (a click), or the nearest newer visible one.
  func selectLogLine(number: Int) {
    guard let offset = state.log.offsetFromEnd(ofFirstAtOrAfter: number) else { return }
    selectLogLine(atOffset: offset)
  }

  /// Runs `append`, which adds lines to the log, keeping a pinned selection on its line (or the
  /// oldest kept one when its line was dropped) with the view still around it.
  func keepingLogSelection(_ append: () -> Void) {
    let before = state.logSelected.flatMap(state.log.offsetFromEnd(ofFirstAtOrAfter:))
    append()
    guard let before else { return }
    reconcileLogSelection(shiftingViewBy: before)
  }

  /// Sets the log filter, keeping the selection on its line when it still matches, else on the
  /// nearest newer match.
  func setLogFilter(_ text: String) {
    state.log.setFilter(text)
    reconcileLogSelection(shiftingViewBy: nil)
  }

  /// Keeps a pinned selection whole in view after any input: a long status message wraps onto
  /// more rows and a resize shortens the screen, and either can shrink the log pane under a
  /// selection on its top row. O(the pane's lines), and nothing while following.
  func keepLogSelectionInView() {
    guard let pinned = state.logSelected,
      let offset = state.log.offsetFromEnd(ofFirstAtOrAfter: pinned)
    else { return }
    revealLogLine(atOffset: offset)
  }

  /// Follows the newest line again (Space resuming, time travel rebuilding the log).
  func followLog() {
    state.logSelected = nil
    state.logScroll = 0
  }

  /// Puts a pinned selection back on a visible line and in view; with `before` (its offset
  /// before lines arrived) the view first moves with it, so it does not jump.
  private func reconcileLogSelection(shiftingViewBy before: Int?) {
    guard let pinned = state.logSelected else { return }
    guard let offset = state.log.offsetFromEnd(ofFirstAtOrAfter: pinned) else {
      followLog()
      return
    }
    if let before { state.logScroll = max(0, state.logScroll + offset - before) }
    selectLogLine(atOffset: offset, followsAtBottom: false)
  }

  /// Pins the line `offset` visible lines above the newest and scrolls to it; the user moving
  /// onto the newest line (`followsAtBottom`) follows new events instead.
  private func selectLogLine(atOffset offset: Int, followsAtBottom: Bool = true) {
    let follows = followsAtBottom && offset == 0
    state.logSelected = follows ? nil : state.log.window(limit: 1, offsetFromEnd: offset).first
    revealLogLine(atOffset: offset)
  }

  /// Scrolls the log as little as it takes to show the line `offset` above the newest whole:
  /// at most the pane's height of tries, each formatting at most the pane's lines.
  private func revealLogLine(atOffset offset: Int) {
    guard offset > state.logScroll else {
      state.logScroll = offset
      return
    }
    guard let inner = Screen.layout(state, size: screenSize)?.log.inset(by: 1), inner.height > 0
    else { return }
    var bottom = max(state.logScroll, offset - inner.height + 1)
    while bottom < offset, !LogView.showsWhole(state.log, offset: offset, bottom: bottom, in: inner)
    {
      bottom += 1
    }
    state.logScroll = bottom
  }
}
