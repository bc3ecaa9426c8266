import TerminalKit

/// The mouse: a left click selects the participant, log line or deck entry under the pointer
/// and focuses its pane, a click on a footer hint runs that hint's action, a double click on a
/// participant opens its token deck, and the wheel scrolls the pane (or overlay) under the
/// pointer. Everything ends in the same actions the keys run.
extension AppController {
  /// Lines one wheel step scrolls.
  public static let wheelStep = 3
  /// Two clicks on the same thing within this time are a double click.
  static let doubleClick = Duration.milliseconds(400)

  func handleMouse(_ mouse: MouseEvent) {
    let target = MouseTarget.at(
      x: mouse.x, y: mouse.y, size: screenSize, ascii: screenGlyphs == .ascii, state: state)
    switch (mouse.button, mouse.action) {
    case (.left, .press): click(target)
    case (.wheelUp, _): wheel(.up, target, at: mouse)
    case (.wheelDown, _): wheel(.down, target, at: mouse)
    default: break
    }
  }

  private func click(_ target: MouseTarget) {
    let now = clickClock()
    let isDouble = lastClick.map { $0.target == target && now - $0.time <= Self.doubleClick }
    lastClick = isDouble == true ? nil : (target, now)
    switch target {
    case .hint(let action): perform(action)
    case .deckEntry(let index):
      guard case .deck(var deck) = state.overlay, state.input == nil else { return }
      deck.highlighted = index
      state.overlay = .deck(deck)
    case .participant(let index):
      guard state.input == nil else { return }
      state.focus = .participants
      select(index)
      if isDouble == true { perform(.exchange) }
    case .logLine(let number):
      guard state.input == nil else { return }
      state.focus = .log
      selectLogLine(number: number)
    case .pane(let pane):
      guard state.input == nil else { return }
      state.focus = pane
    case .nothing: break
    }
  }

  private func wheel(_ direction: Action, _ target: MouseTarget, at mouse: MouseEvent) {
    var pane: Pane?
    switch target {
    case .participant: pane = .participants
    case .pane(let under): pane = under
    case .logLine: pane = .log
    case .hint, .nothing, .deckEntry: pane = nil
    }
    if state.overlay == nil, pane == nil { return }
    if state.overlay == nil, pane == .log {
      scrollLog(by: direction == .up ? -Self.wheelStep : Self.wheelStep)
      return
    }
    for _ in 0..<Self.wheelStep { move(direction, in: pane) }
  }
}
