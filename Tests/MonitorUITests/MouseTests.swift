import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Mouse reports on the memory backend, as raw SGR bytes through the real decoder and loop:
/// clicks select and focus, footer hints run, double clicks open the deck, the wheel scrolls
/// the pane under the pointer.
@Suite struct MouseTests {
  /// The demo on a 120×40 memory terminal, one frame drawn.
  static func demo() throws -> (AppController, MemoryBackend, MonitorLoop) {
    let controller = try Fixture.demo()
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    loop.drawFrame()
    return (controller, backend, loop)
  }

  static var layout: ScreenLayout {
    get throws {
      try #require(ScreenLayout(size: TerminalSize(width: 120, height: 40), participantCount: 4))
    }
  }

  /// Feeds an SGR report for (x, y) (0-based) and runs the loop over it.
  static func send(
    _ code: Int, x: Int, y: Int, release: Bool = false, _ backend: MemoryBackend,
    _ loop: MonitorLoop
  ) {
    backend.feed(bytes: Array("\u{1B}[<\(code);\(x + 1);\(y + 1)\(release ? "m" : "M")".utf8))
    loop.run(exitAfterFrames: 2)
  }

  static func click(_ x: Int, _ y: Int, _ backend: MemoryBackend, _ loop: MonitorLoop) {
    send(0, x: x, y: y, backend, loop)
    send(0, x: x, y: y, release: true, backend, loop)
  }

  @Test func clickingAParticipantRowSelectsItAndFocusesTheTable() throws {
    let (controller, backend, loop) = try Self.demo()
    controller.handle(.tab)
    let rows = try Self.layout.participants
    Self.click(10, rows.y + 4, backend, loop)  // border, header, host, guest, viewer-android
    #expect(controller.state.selectedParticipant?.id == "viewer-android")
    #expect(controller.state.focus == .participants)
    #expect(backend.screen.text()[rows.y + 4].hasPrefix("│▶ viewer-android"))
  }

  @Test func clickingAPaneFocusesIt() throws {
    let (controller, backend, loop) = try Self.demo()
    let layout = try Self.layout
    Self.click(layout.log.x + 5, layout.log.y + 3, backend, loop)
    #expect(controller.state.focus == .log)
    Self.click(layout.composition.x + 3, layout.composition.y + 2, backend, loop)
    #expect(controller.state.focus == .composition)
  }

  @Test func clickingAFooterHintRunsItsAction() throws {
    let (controller, backend, loop) = try Self.demo()
    let footer = backend.screen.text()[39]
    let column = try #require(footer.range(of: "? help")).lowerBound.utf16Offset(in: footer)
    Self.click(column + 2, 39, backend, loop)
    guard case .help? = controller.state.overlay else {
      Issue.record("help did not open: \(controller.state.overlay.debugDescription)")
      return
    }
  }

  @Test func everyFooterHintIsClickableAndRunsWhatItSays() throws {
    let (controller, _, _) = try Self.demo()
    let footer = try Self.layout.footer
    let size = TerminalSize(width: 120, height: 40)
    let placed = FooterView.placed(controller.state, in: footer, ascii: false)
    #expect(placed.count >= 8)
    for (hint, x, width) in placed {
      for column in [x, x + width - 1] {
        let target = MouseTarget.at(
          x: column, y: footer.y, size: size, ascii: false, state: controller.state)
        #expect(target == .hint(hint.action), "\(hint.keys) at column \(column)")
      }
    }
  }

  @Test func doubleClickingAParticipantOpensItsTokenDeck() throws {
    let (controller, backend, loop) = try Self.demo()
    var now = ContinuousClock.now
    controller.clickClock = { now }
    let rows = try Self.layout.participants
    Self.click(8, rows.y + 3, backend, loop)
    #expect(controller.state.overlay == nil)
    now += .milliseconds(150)
    Self.click(8, rows.y + 3, backend, loop)
    guard case .deck(let deck)? = controller.state.overlay else {
      Issue.record("deck did not open")
      return
    }
    #expect(deck.participant == "guest")
  }

  @Test func twoSlowClicksAreNotADoubleClick() throws {
    let (controller, backend, loop) = try Self.demo()
    var now = ContinuousClock.now
    controller.clickClock = { now }
    let rows = try Self.layout.participants
    Self.click(8, rows.y + 3, backend, loop)
    now += .seconds(1)
    Self.click(8, rows.y + 3, backend, loop)
    #expect(controller.state.overlay == nil)
  }

  @Test func clickingADeckEntryHighlightsIt() throws {
    let (controller, backend, loop) = try Self.demo()
    controller.handle(.down)
    controller.handle(.character("x"))
    loop.drawFrame()
    guard case .deck(let deck)? = controller.state.overlay else { throw DeckError("no deck") }
    let list = try #require(
      DeckView.layout(deck, in: Rect(width: 120, height: 40)).list)
    Self.click(list.x + 4, list.y + 3, backend, loop)
    guard case .deck(let after)? = controller.state.overlay else { throw DeckError("closed") }
    #expect(after.highlighted == 3)
    #expect(backend.screen.text()[list.y + 3].contains("▶"))
  }

  @Test func theWheelScrollsThePaneUnderThePointerNotTheFocusedOne() throws {
    let (controller, backend, loop) = try Self.demo()
    let layout = try Self.layout
    Self.send(64, x: layout.log.x + 4, y: layout.log.y + 4, backend, loop)
    #expect(controller.state.logScroll == AppController.wheelStep)
    #expect(controller.state.focus == .participants)
    Self.send(65, x: layout.log.x + 4, y: layout.log.y + 4, backend, loop)
    #expect(controller.state.logScroll == 0)
    Self.send(65, x: 8, y: layout.participants.y + 3, backend, loop)
    #expect(controller.state.selected == 3)
  }

  @Test func clickingALogLineSelectsThatEventAndFocusesTheLog() throws {
    let (controller, backend, loop) = try Self.demo()
    let log = try Self.layout.log
    let screen = backend.screen.text()
    // Rows where an event's line starts (its time), the newest excepted.
    let heads = (log.y + 1..<log.maxY - 1).filter {
      screen[$0].dropFirst(log.x + 1).hasPrefix("12:")
    }
    let y = try #require(heads.dropLast().last)
    let target = MouseTarget.at(
      x: log.x + 30, y: y, size: TerminalSize(width: 120, height: 40), ascii: false,
      state: controller.state)
    guard case .logLine(let number) = target else {
      Issue.record("row \(y) is \(target), not a log line")
      return
    }
    Self.click(log.x + 30, y, backend, loop)
    #expect(controller.state.focus == .log)
    #expect(controller.state.selectedLogLine == number)
    #expect(controller.state.logSelected == number)
    let line = try #require(controller.state.log.line(number))
    #expect(backend.screen.text()[y].contains(line.name))
    #expect(backend.screen.cell(x: log.x + 2, y: y)?.style == Fixture.theme[.selection])
    // The event's time and symbol start the clicked row: the click landed on what is drawn.
    #expect(screen[y].dropFirst(log.x + 1).hasPrefix(line.time))
  }

  @Test func theWheelOnTheLogMovesTheSelectionWithTheView() throws {
    let (controller, backend, loop) = try Self.demo()
    let log = try Self.layout.log
    let newest = controller.state.log.appended - 1
    Self.send(64, x: log.x + 4, y: log.y + 4, backend, loop)
    #expect(controller.state.selectedLogLine == newest - AppController.wheelStep)
    Self.send(65, x: log.x + 4, y: log.y + 4, backend, loop)
    #expect(controller.state.logSelected == nil)
    #expect(controller.state.selectedLogLine == newest)
  }

  @Test func releasesDragsAndClicksOnNothingChangeNothing() throws {
    let (controller, backend, loop) = try Self.demo()
    let before = (controller.state.focus, controller.state.selected, controller.state.snapshot)
    Self.send(32, x: 10, y: 10, backend, loop)
    Self.send(2, x: 10, y: 10, backend, loop)
    Self.click(0, 0, backend, loop)
    Self.click(119, 38, backend, loop)
    #expect(controller.state.focus == before.0)
    #expect(controller.state.selected == before.1)
    #expect(controller.state.snapshot == before.2)
    #expect(controller.state.overlay == nil)
  }

  @Test func garbledMouseBytesNeverBecomeKeys() throws {
    let (controller, backend, loop) = try Self.demo()
    let status = controller.state.status
    backend.feed(bytes: Array("\u{1B}[<0;12;q\u{1B}[<64;1;1;1M\u{1B}[<0;99999;3M".utf8))
    loop.run(exitAfterFrames: 4)
    #expect(!controller.state.wantsQuit)
    #expect(controller.state.status == status, "no key ran, so nothing was reported")
  }
}
