/// The screen mode's actions: zooming a pane and moving focus among the panes shown.
extension AppController {
  /// `z`: the focused pane takes the whole body, or the panes come back.
  func toggleZoom() {
    if state.screenMode.zoomed == nil {
      state.screenMode.zoomed = state.focus
      report("zoomed: \(state.focus.rawValue) (z goes back, Tab zooms the next pane)")
    } else {
      state.screenMode.zoomed = nil
      report("every pane again")
    }
  }

  /// Tab / Shift-Tab: the next (previous) pane the screen shows; while zoomed, the zoom moves
  /// with the focus.
  func moveFocus(forward: Bool) {
    var unzoomed = state
    unzoomed.screenMode.zoomed = nil
    let hidden = Screen.layout(unzoomed, size: screenSize)?.hidden ?? []
    var pane = state.focus
    for _ in Pane.allCases {
      pane = forward ? pane.next : pane.previous
      if !hidden.contains(pane) { break }
    }
    state.focus = pane
    if state.screenMode.zoomed != nil { state.screenMode.zoomed = pane }
  }
}

extension AppController {
  /// Presenter mode on (plain-language narration, the log hidden until `L`) or off.
  func setPresenting(_ on: Bool) {
    state.screenMode.presenting = on
    state.screenMode.hidesLog = on
    narrateScriptPosition()
    report(
      on
        ? "presenter mode: plain narration, the log hidden (L shows it), g explains the words"
        : "presenter mode off")
  }

  /// `L`: the log out of the way, or back.
  func toggleLog() {
    state.screenMode.hidesLog.toggle()
    report(state.screenMode.hidesLog ? "log hidden (L shows it)" : "log shown (L hides it)")
  }

  /// `:restart`: back to the opening — the stage as the story starts (the demo's stage live,
  /// before its first story step), with the opening line again.
  func restart() {
    travel(to: state.openingStep)
  }
}
