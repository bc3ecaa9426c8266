import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Bracketed pastes and long text in the input line: a paste is one edit of the open input,
/// never a run of keys; what the text drives (filter, deck prediction) is applied once typing
/// pauses; text is bounded at 64 KB with a message.
@Suite struct PasteTests {
  static func paste(_ text: String, dropped: Int = 0) -> InputEvent {
    .paste(Paste(text, droppedBytes: dropped))
  }

  /// Opens the deck for the guest with "paste a raw JWT…" highlighted.
  static func deckOnRawJWT() throws -> AppController {
    let controller = try Fixture.demo()
    controller.handle(.down)
    controller.handle(.character("x"))
    guard case .deck(let deck)? = controller.state.overlay else { throw DeckError("no deck") }
    let index = try #require(deck.candidates.firstIndex { $0.entry.title == "paste a raw JWT…" })
    for _ in 0..<index { controller.handle(.down) }
    return controller
  }

  @Test func pasteIntoTheFilterIsOneEditAppliedWhenTypingPauses() throws {
    let controller = try Fixture.demo()
    let all = controller.state.log.visibleCount
    controller.handle(.character("/"))
    controller.handle(Self.paste("subscribe_started"))
    #expect(controller.state.input?.text == "subscribe_started")
    #expect(controller.hasDeferredWork)
    #expect(controller.state.log.visibleCount == all)
    controller.tick()
    #expect(!controller.hasDeferredWork)
    let narrowed = controller.state.log.visibleCount
    #expect(narrowed > 0 && narrowed < all)
  }

  @Test func pasteWithKeysInsideNeverRunsThem() throws {
    let controller = try Fixture.demo()
    let before = controller.state.snapshot
    controller.handle(Self.paste("qnnpx"))
    #expect(!controller.state.wantsQuit)
    #expect(controller.state.snapshot == before)
    #expect(controller.state.overlay == nil)
    #expect(controller.state.status?.text.hasPrefix("paste ignored") == true)
  }

  @Test func pastedLineBreaksBecomeSpacesAndControlsAreDropped() throws {
    let controller = try Fixture.demo()
    controller.handle(.character(":"))
    controller.handle(Self.paste("publish\r\nguest\t\u{1B}[A\u{7}"))
    #expect(controller.state.input?.text == "publish guest [A")
  }

  @Test func pasteBeyondTheLimitIsCutWithAMessage() throws {
    let controller = try Fixture.demo()
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    controller.handle(.character("/"))
    let big = String(repeating: "a", count: InputLine.maximumBytes - 10) + "0123456789abcdef"
    controller.handle(Self.paste(big))
    #expect(controller.state.input?.text.utf8.count == InputLine.maximumBytes)
    #expect(controller.state.input?.text.hasSuffix("0123456789") == true)
    loop.drawFrame()
    let line = try #require(
      backend.screen.text(trimmingTrailingSpaces: true).first { $0.hasPrefix("/") })
    #expect(line.hasPrefix("/…aaaa"))
    #expect(line.contains("0123456789▏"))
    #expect(line.contains("input is limited to 64 KB"))
    controller.handle(.character("z"))
    #expect(controller.state.input?.text.hasSuffix("0123456789") == true)
    controller.handle(.backspace)
    controller.handle(.character("z"))
    #expect(controller.state.input?.text.hasSuffix("012345678z") == true)
  }

  @Test func aPasteTheTerminalCutIsReported() throws {
    let controller = try Fixture.demo()
    controller.handle(.character(":"))
    controller.handle(Self.paste("abc", dropped: 5))
    #expect(controller.state.input?.notice?.contains("64 KB") == true)
  }

  @Test func pastingARealJWTIntoTheDeckPredictsItOnceThenExchanges() throws {
    let controller = try Self.deckOnRawJWT()
    let jwt = try #require(controller.state.runner.currentToken(of: "host"))
    controller.handle(Self.paste(jwt + "\n"))
    #expect(controller.state.input?.purpose == .deckValue)
    #expect(controller.state.input?.text == jwt + " ")
    guard case .deck(let typing)? = controller.state.overlay else { throw DeckError("closed") }
    #expect(typing.current?.diff == ["(type or paste a JWT)"], "predicted before the pause")
    controller.tick()
    guard case .deck(let deck)? = controller.state.overlay else { throw DeckError("closed") }
    let prediction = try #require(deck.current?.prediction)
    #expect(prediction.headline.hasPrefix("SDK rejects: immutable claim changed"))
    controller.handle(.enter)
    #expect(controller.state.overlay == nil)
    #expect(controller.state.status?.text.hasPrefix("guest: exchange rejected by the SDK") == true)
  }

  @Test func typingInTheDeckRepredictsOnlyOnPauseOrEnter() throws {
    let controller = try Self.deckOnRawJWT()
    controller.handle(.enter)
    Fixture.type("not-a-token", into: controller)
    guard case .deck(let typing)? = controller.state.overlay else { throw DeckError("closed") }
    #expect(typing.current?.diff == ["(type or paste a JWT)"])
    controller.handle(.enter)
    let status = try #require(controller.state.status?.text)
    #expect(status.contains("malformed"), "\(status)")
  }
}
