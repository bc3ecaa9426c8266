import Foundation
import JSONKit
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The controller driven through the MemoryBackend with real keys, asserting on the screen.
@Suite struct ControllerTests {
  /// The demo as it opens (every participant joined, host publishing), on a 120×40 memory terminal.
  static func joined(
    logLines: Int = 1000, saveDirectory: String = FileManager.default.temporaryDirectory.path
  ) throws -> (
    AppController, MemoryBackend, MonitorLoop
  ) {
    let controller = try Fixture.demo(logLines: logLines, saveDirectory: saveDirectory)
    let backend = MemoryBackend(width: 120, height: 40)
    let loop = MonitorLoop(controller: controller, backend: backend)
    return (controller, backend, loop)
  }

  /// Feeds `keys`, then draws one frame per key and one more.
  static func press(_ keys: [Key], _ backend: MemoryBackend, _ loop: MonitorLoop) {
    backend.feed(keys)
    loop.run(exitAfterFrames: keys.count + 1)
  }

  /// The log pane at 120×40 with the demo's four participants and `controller`'s status.
  static func logRect(_ controller: AppController) throws -> Rect {
    let rows = StatusBarView.rows(controller.state, hint: "", width: 120)
    let size = TerminalSize(width: 120, height: 40)
    return try #require(ScreenLayout(size: size, participantCount: 4, statusRows: rows)).log
  }

  static func screen(_ backend: MemoryBackend) -> [String] {
    backend.screen.text(trimmingTrailingSpaces: true)
  }

  static func deckIndex(_ title: String, _ controller: AppController) throws -> Int {
    controller.perform(.exchange)
    guard case .deck(let deck)? = controller.state.overlay else {
      Issue.record("deck did not open: \(controller.state.status?.text ?? "")")
      return 0
    }
    controller.perform(.close)
    return try #require(deck.candidates.firstIndex { $0.entry.title == title })
  }

  @Test func grantPublishThroughTheDeckThenAnswerYes() throws {
    let (controller, backend, loop) = try Self.joined()
    Self.press([.down], backend, loop)
    let index = try Self.deckIndex("grant publish", controller)
    Self.press([.character("x")] + Array(repeating: .down, count: index), backend, loop)
    let deckScreen = Self.screen(backend).joined(separator: "\n")
    #expect(deckScreen.contains("Token deck: guest (android@1.37.0)"))
    #expect(deckScreen.contains("capabilities: [subscribe] → [publish, subscribe]"))
    #expect(deckScreen.contains("predicted: accepted"))
    #expect(deckScreen.contains("shouldPublishFromParticipant → you answer y/n"))
    Self.press([.enter], backend, loop)
    var screen = Self.screen(backend)
    #expect(screen[4].hasPrefix("│▶ guest          bob        android@1.37.0 PS  connected    —"))
    #expect(screen[38].contains("? guest's app asks: publish now?"))
    Self.press([.character("y")], backend, loop)
    screen = Self.screen(backend)
    #expect(
      screen[4].hasPrefix("│▶ guest          bob        android@1.37.0 PS  connected    published"))
    let names = controller.state.log.visibleLines().map(\.name)
    for expected in [
      "TOKEN_EXCHANGED", "shouldPublishFromParticipant", "stageStreamsToPublishForParticipant",
      "participantDidJoin", "onParticipantJoined", "STAGE_PARTICIPANT_JOINED", "PUBLISH_STARTED",
    ] {
      #expect(names.contains(expected), "log lacks \(expected)")
    }
    #expect(screen.contains { $0.contains("layoutChanged") })
  }

  @Test func immutableFieldPresetIsRejectedAndChangesNothing() throws {
    let (controller, backend, loop) = try Self.joined()
    Self.press([.down], backend, loop)
    let before = controller.state.snapshot
    let index = try Self.deckIndex("change an immutable field (topic)", controller)
    Self.press(
      [.character("x")] + Array(repeating: .down, count: index), backend, loop)
    #expect(
      Self.screen(backend).contains {
        $0.contains("predicted: SDK rejects: immutable claim changed: topic")
      })
    Self.press([.enter], backend, loop)
    let status = try #require(controller.state.status)
    #expect(status.kind == .warning)
    #expect(
      status.text
        == "guest: exchange rejected by the SDK (1000): immutable claim changed: topic")
    #expect(controller.state.snapshot == before)
    #expect(
      Self.screen(backend).contains { $0.hasPrefix("guest: exchange rejected by the SDK (1000)") })
  }

  @Test func olderSDKCannotOpenTheDeck() throws {
    let (controller, backend, loop) = try Self.joined()
    Self.press([.down, .down, .character("x")], backend, loop)
    #expect(controller.state.overlay == nil)
    #expect(
      controller.state.status?.text
        == "viewer-android: exchangeToken needs SDK ≥ 1.37.0 (android@1.36.0)")
    #expect(
      Self.screen(backend).contains {
        $0 == "viewer-android: exchangeToken needs SDK ≥ 1.37.0 (android@1.36.0)"
      })
  }

  @Test func editAttributesTakesTypedValueAndReportsBadInput() throws {
    let (controller, backend, loop) = try Self.joined()
    Self.press([.down], backend, loop)
    let index = try Self.deckIndex("edit attributes…", controller)
    Self.press([.character("x")] + Array(repeating: .down, count: index) + [.enter], backend, loop)
    #expect(controller.state.input?.text == "order=2")
    Fixture.type(",featured=true", into: controller)
    Self.press([.enter], backend, loop)
    #expect(
      controller.state.snapshot.participant("guest")?.metadata?.attributes
        == ["order": "2", "featured": "true"])
    Self.press([.character("x")] + Array(repeating: .down, count: index) + [.enter], backend, loop)
    Fixture.type(",oops", into: controller)
    Self.press([.enter], backend, loop)
    #expect(controller.state.status?.text.contains("attribute \"oops\" is not k=v") == true)
  }

  @Test func pauseShowsNewCount() throws {
    let (controller, backend, loop) = try Self.joined()
    Self.press([.character(" "), .character("n")], backend, loop)
    let new = controller.state.log.newSincePause
    #expect(new > 0)
    let title = try Self.logRect(controller).y
    #expect(Self.screen(backend)[title].contains("PAUSED \(new) new"))
    Self.press([.character(" ")], backend, loop)
    let resumed = Self.screen(backend)[try Self.logRect(controller).y]
    #expect(resumed.contains("Events") && !resumed.contains("PAUSED"))
  }

  @Test func filterNarrowsTheLogWhenTypingPauses() throws {
    let (controller, backend, loop) = try Self.joined()
    let all = controller.state.log.visibleCount
    backend.feed([.character("/")])
    loop.run(exitAfterFrames: 2)
    Fixture.type("SUBSCRIBE_STAR", into: controller)
    loop.drawFrame()
    #expect(
      Self.screen(backend).contains {
        $0.hasPrefix("/SUBSCRIBE_STAR▏   filters when typing pauses")
      })
    #expect(controller.state.log.visibleCount == all)
    controller.tick()
    loop.drawFrame()
    let screen = Self.screen(backend)
    #expect(screen.contains { $0.hasPrefix("/SUBSCRIBE_STAR") })
    let narrowed = controller.state.log.visibleCount
    #expect(narrowed > 0 && narrowed < all)
    let log = try Self.logRect(controller)
    let logRows = screen[(log.y + 1)..<(log.maxY - 1)].filter { $0.contains(":00 ") }
    #expect(!logRows.isEmpty)
    #expect(logRows.allSatisfy { $0.contains("SUBSCRIBE_STARTED") }, "\(logRows)")
    Self.press([.escape], backend, loop)
    #expect(controller.state.log.visibleCount == all)
  }

  @Test func logBoundHolds() throws {
    let (controller, backend, loop) = try Self.joined(logLines: 10)
    Self.press([.character("n")], backend, loop)
    #expect(controller.state.log.count == 10)
    #expect(controller.state.log.appended > 10)
    #expect(Self.screen(backend)[try Self.logRect(controller).y].hasPrefix("┌ Events 10 "))
  }

  @Test func saveWritesJSONLinesWithoutSignatures() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-ui-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (controller, backend, loop) = try Self.joined(saveDirectory: directory)
    controller.perform(.nextStep)
    Self.press([.character("s")], backend, loop)
    let status = try #require(controller.state.status?.text)
    let path = "\(directory)/stagemon-DemoStage01-20260101T120000Z.jsonl"
    #expect(status == "saved \(controller.state.log.count) events to \(path)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == controller.state.log.count)
    for line in lines {
      let json = try JSONParser.parse(String(line))
      #expect(json["seq"] != nil && json["source"] != nil)
    }
    #expect(!text.contains("eyJ"), "a token (header or payload) leaked")
    Self.press([.character("s")], backend, loop)
    #expect(controller.state.status?.text.hasSuffix("-2.jsonl") == true)
  }

  @Test func commandLineRunsActionsByName() throws {
    let (controller, backend, loop) = try Self.joined()
    backend.feed([.character(":")])
    loop.run(exitAfterFrames: 2)
    Fixture.type("exch", into: controller)
    controller.handle(.tab)
    #expect(controller.state.input?.text == "exchange ")
    Fixture.type("guest grant-p", into: controller)
    controller.handle(.tab)
    #expect(controller.state.input?.text == "exchange guest grant-publish ")
    loop.drawFrame()
    #expect(Self.screen(backend).contains { $0.contains("exchange ID TOKEN [VALUE]") })
    controller.handle(.enter)
    #expect(controller.state.snapshot.participant("guest")?.capabilities.publish == true)
    controller.perform(.commandLine)
    Fixture.type("publish nobody", into: controller)
    controller.handle(.enter)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.hasPrefix("no participant nobody") == true)
    controller.perform(.commandLine)
    Fixture.type("theme light", into: controller)
    controller.handle(.enter)
    #expect(controller.state.theme.name == "light")
    controller.perform(.commandLine)
    Fixture.type("quit", into: controller)
    controller.handle(.enter)
    #expect(controller.state.wantsQuit)
  }

  @Test func unchangedFramesWriteNoCells() throws {
    let (_, backend, loop) = try Self.joined()
    loop.drawFrame()
    loop.drawFrame()
    #expect(backend.lastCellsWritten == 0)
    Self.press([.down], backend, loop)
    #expect(backend.lastCellsWritten > 0)
    loop.drawFrame()
    #expect(backend.lastCellsWritten == 0)
  }

  @Test func resizeBelowMinimumShowsNoticeThenPanesAgain() throws {
    let (_, backend, loop) = try Self.joined()
    backend.resize(width: 39, height: 11)
    loop.run(exitAfterFrames: 2)
    #expect(Self.screen(backend).contains { $0.contains("terminal too small") })
    backend.resize(width: 120, height: 40)
    loop.run(exitAfterFrames: 2)
    #expect(Self.screen(backend)[1].hasPrefix("┌ ▸ Participants 4"))
  }

  @Test func quitKeysEndTheLoop() throws {
    let (controller, backend, loop) = try Self.joined()
    backend.feed([.character("t"), .character("q")])
    let frames = loop.run(exitAfterFrames: 100)
    #expect(frames == 2)
    #expect(controller.state.wantsQuit)
    #expect(controller.state.theme.name == "light")
  }

  @Test func stepsRunToTheEndAndReportWhenFinished() throws {
    let controller = try Fixture.demo()
    controller.perform(.nextStep)
    controller.handle(.character("n"))
    for _ in 0..<20 { controller.perform(.nextStep) }
    #expect(controller.state.status?.text == "the script is finished (13 steps)")
    let web = try #require(controller.state.snapshot.participant("viewer-web"))
    #expect(web.connection == .disconnected)
    #expect(controller.state.log.visibleLines().contains { $0.name == "STAGE_LEFT" })
  }
}

/// `attach`'s monitor: keys that would change a real stage say why they can't, and so do the
/// `:` commands and the deck's Enter; the deck still predicts.
struct ReadOnlyMonitorTests {
  static func controller() throws -> AppController {
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    return AppController(
      setup: try MonitorSetup.demo(), themes: ThemeCatalog(themes: [Fixture.theme]),
      theme: Fixture.theme, options: options)
  }

  static func stage(_ controller: AppController) -> String {
    "\(controller.state.runner.stage.snapshot().participants) \(controller.state.runner.history.count)"
  }

  @Test(arguments: [
    Action.togglePublish, .toggleJoin, .reconnect, .toggleMute, .networkDrop, .startComposition,
    .stopComposition, .refreshStrategy, .answerYes, .answerNo, .cycleSDK, .cyclePolicy,
    .nextStep, .togglePlay, .stepBack, .stepForward, .restart,
  ])
  func stageChangingKeysAreRefusedWithTheReason(_ action: Action) throws {
    let controller = try Self.controller()
    let before = Self.stage(controller)
    controller.perform(action)
    #expect(controller.state.status?.text == "\(action.rawValue): read-only: a real stage")
    #expect(Self.stage(controller) == before)
    #expect(!controller.isPlaying)
  }

  @Test(arguments: [
    "publish host", "unpublish host", "join guest", "leave host", "reconnect host",
    "refresh host", "drop host", "mute host audio", "sdk host ios@1.36.0", "exchange guest cohost",
    "yes", "no", "next", "policy live", "start-composition", "stop-composition main",
    "advance 1h", "goto 0",
  ])
  func stageChangingCommandsAreRefusedWithTheReason(_ command: String) throws {
    let controller = try Self.controller()
    let before = Self.stage(controller)
    Fixture.type(":" + command, into: controller)
    controller.handle(.enter)
    let status = controller.state.status?.text ?? ""
    #expect(status.hasSuffix("read-only: a real stage"), "\(command): \(status)")
    #expect(Self.stage(controller) == before)
  }

  @Test func theFooterLeavesOutTheRefusedKeysButOffersTheDeck() throws {
    let actions = FooterView.hints(try Self.controller().state).map(\.action)
    #expect(!actions.contains(.togglePublish) && !actions.contains(.nextStep))
    #expect(!actions.contains(.toggleJoin) && !actions.contains(.cycleSDK))
    #expect(actions.contains(.exchange) && actions.contains(.help))
  }

  @Test func theDeckPredictsAnExchangeButEnterDoesNotRunIt() throws {
    let controller = try Self.controller()
    let before = Self.stage(controller)
    controller.perform(.exchange)
    guard case .deck(let deck) = controller.state.overlay else {
      Issue.record("the deck did not open: \(controller.state.status?.text ?? "")")
      return
    }
    #expect(deck.candidates.contains { $0.prediction.isAccepted })
    controller.perform(.confirm)
    let status = controller.state.status?.text ?? ""
    #expect(status.hasSuffix("read-only: a real stage"), "\(status)")
    #expect(Self.stage(controller) == before)
  }
}
