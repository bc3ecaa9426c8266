import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// A UI session saved with `:save-scenario` replays headless to the same stream, event for
/// event, whatever keys, commands, deck entries or pastes drove it; saving never overwrites a
/// file unasked and never follows a symbolic link.
@Suite struct RecordingTests {
  static func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-recording-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The events the UI's log holds, as JSON lines.
  static func uiStream(_ controller: AppController) -> [String] {
    lines(controller.state.log.visibleLines().compactMap(\.event))
  }

  static func lines(_ events: [StageEvent]) -> [String] {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    for event in events { renderer.render(event, into: &bytes) }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Saves the session with the `:save-scenario FILE` command and runs the file headless.
  static func saveAndReplay(_ controller: AppController, in directory: String) throws -> [String] {
    let path = directory + "/session.json"
    command("save-scenario \(path)", controller)
    #expect(controller.state.status?.kind == .success, "\(controller.state.status?.text ?? "")")
    let runner = try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: path)
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    return lines(events)
  }

  static func command(_ text: String, _ controller: AppController) {
    controller.handle(.character(":"))
    Fixture.type(text, into: controller)
    controller.handle(.enter)
  }

  static func focus(_ pane: Pane, _ controller: AppController) {
    for _ in 0..<4 where controller.state.focus != pane { controller.perform(.focusNext) }
  }

  /// Opens the deck on the selected participant with `title` highlighted.
  static func openDeck(on title: String, _ controller: AppController) throws -> DeckCandidate {
    controller.handle(.character("x"))
    guard case .deck(let deck)? = controller.state.overlay else {
      throw RecordingTestError("deck did not open: \(controller.state.status?.text ?? "")")
    }
    let index = try #require(deck.candidates.firstIndex { $0.entry.title == title })
    for _ in 0..<index { controller.handle(.down) }
    return deck.candidates[index]
  }

  @Test func demoSessionWithDeckPasteSDKPolicyAndClockReplaysExactly() throws {
    let directory = try Self.temporaryDirectory()
    let controller = try Fixture.demo(logLines: 100_000)
    for _ in 0..<3 { controller.handle(.character("n")) }
    Self.command("sdk viewer-web web@1.33.0", controller)
    Self.focus(.composition, controller)
    controller.handle(.character("v"))
    Self.focus(.participants, controller)
    Self.command("advance 30m", controller)
    Self.command("select guest", controller)
    // The token the deck's "extend exp" would exchange, signed, pasted as a customer would.
    let signed = try controller.state.runner.mintExchangeToken(
      for: "guest", spec: TokenMintSpec(ttl: VirtualDuration(seconds: 12 * 3600)))
    _ = try Self.openDeck(on: "paste a raw JWT…", controller)
    controller.handle(.paste(Paste(signed)))
    controller.handle(.enter)
    #expect(controller.state.log.visibleLines().last { $0.event?.kind == .exchangeAccepted } != nil)
    _ = try Self.openDeck(on: "grant subscribe", controller)
    controller.handle(.enter)
    controller.handle(.character("n"))
    #expect(try Self.saveAndReplay(controller, in: directory) == Self.uiStream(controller))
    let file = try String(contentsOfFile: directory + "/session.json", encoding: .utf8)
    #expect(file.contains(#"{"raw": "\#(signed)"}"#) || file.contains(#""raw": "\#(signed)""#))
    #expect(file.contains(#""setSDK": "viewer-web""#))
    #expect(file.contains(#""setCompositionUpdates": "main""#))
    #expect(file.contains(#""privateKey": "session.key.pem""#))
    let key = try FileManager.default.attributesOfItem(atPath: directory + "/session.key.pem")
    #expect((key[.posixPermissions] as? Int) == 0o600)
    // The session holds a pasted bearer token: as private as its key.
    let session = try FileManager.default.attributesOfItem(atPath: directory + "/session.json")
    #expect((session[.posixPermissions] as? Int) == 0o600)
    #expect(controller.state.status?.text.contains("BEGIN") == false)
  }

  static let fileScenario = #"""
    {
      "description": "two participants, nothing scripted",
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"],
          "strategy": { "publish": "ask" } },
        { "id": "guest", "sdk": "web@1.33.0", "capabilities": ["subscribe"] }
      ]
    }
    """#

  @Test func keysAndCommandsOnAScenarioFileIncludingRefusedActionsReplayExactly() throws {
    let directory = try Self.temporaryDirectory()
    let file = directory + "/stage.json"
    try Self.fileScenario.write(toFile: file, atomically: true, encoding: .utf8)
    let controller = AppController(
      setup: try MonitorSetup.file(file), themes: ThemeCatalog(themes: [Fixture.theme]),
      theme: Fixture.theme, options: MonitorOptions(logLines: 100_000, saveDirectory: directory))
    controller.handle(.character("J"))
    #expect(controller.state.pendingQuestion?.participant == "host")
    controller.handle(.character("n"))
    controller.handle(.character("p"))
    controller.handle(.character("j"))
    controller.handle(.character("J"))
    controller.handle(.character("r"))
    controller.handle(.character("R"))
    Self.command("leave guest", controller)
    Self.command("leave guest", controller)
    #expect(controller.state.status?.kind == .error)
    controller.handle(.character("y"))
    Self.command("join guest", controller)
    Self.command("exchange guest grant-publish", controller)
    Self.command("exchange guest raw not.a.jwt", controller)
    Self.command("advance 13h", controller)
    Self.command("reconnect host", controller)
    let ui = Self.uiStream(controller)
    #expect(
      ui.filter { $0.contains(#""kind":"step""#) && $0.contains(#""message":"leave guest""#) }.count
        == 1)
    #expect(try Self.saveAndReplay(controller, in: directory) == ui)
  }

  @Test func theWholeDemoSavedWithTheKeyReplaysExactly() throws {
    let directory = try Self.temporaryDirectory()
    let controller = try Fixture.demo(logLines: 100_000, saveDirectory: directory)
    while controller.state.script.done < controller.state.script.total {
      controller.handle(.character("n"))
    }
    controller.handle(.character("S"))
    let text = try #require(controller.state.status?.text)
    let path = try #require(
      text.split(separator: " ").first { $0.hasSuffix(".scenario.json") }.map(String.init))
    let runner = try ScenarioRunner(scenario: Scenario(contentsOfFile: path), file: path)
    var events: [StageEvent] = []
    try runner.run { events += $0 }
    #expect(Self.lines(events) == Self.uiStream(controller))
  }

  @Test func savingOverAFileAsksFirstAndNeverFollowsALink() throws {
    let directory = try Self.temporaryDirectory()
    let controller = try Fixture.demo()
    let path = directory + "/kept.json"
    try "precious".write(toFile: path, atomically: true, encoding: .utf8)
    Self.command("save-scenario \(path)", controller)
    #expect(controller.state.input?.purpose == .overwrite(path))
    Fixture.type("n", into: controller)
    controller.handle(.enter)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    #expect(controller.state.status?.text == "not saved: \(path) kept as it was")
    Self.command("save-scenario \(path)", controller)
    Fixture.type("y", into: controller)
    controller.handle(.enter)
    #expect(controller.state.status?.kind == .success)
    #expect(try Scenario(contentsOfFile: path).steps.count == DemoScenario.openingSteps)
    let target = directory + "/other.txt"
    try "other".write(toFile: target, atomically: true, encoding: .utf8)
    let link = directory + "/link.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    Self.command("save-scenario \(link)", controller)
    #expect(controller.state.input == nil)
    #expect(
      controller.state.status?.text
        == "cannot save the scenario to \(link): it is a symbolic link; not following it")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "other")
  }
}

struct RecordingTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
