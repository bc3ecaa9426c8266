import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Autoplay in the monitor: the demo plays to its end on the in-memory backend, driven by a fake
/// wall clock, with the header showing that it plays and the clock moving through `advance`.
@Suite struct AutoplayControllerTests {
  /// A demo controller playing at `speed`, drawn on a memory backend of `glyphs`.
  private static func playingDemo(speed: Double, glyphs: BorderGlyphs = .unicode) throws -> (
    AppController, MonitorLoop, MemoryBackend
  ) {
    let setup = try MonitorSetup.demo()
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions(playSpeed: speed))
    let backend = MemoryBackend(width: 120, height: 40, glyphs: glyphs)
    return (controller, MonitorLoop(controller: controller, backend: backend), backend)
  }

  private static func header(_ backend: MemoryBackend) -> String {
    backend.screen.text(trimmingTrailingSpaces: true)[0]
  }

  @Test func playsTheDemoToTheEndWithAFakeClock() throws {
    let (controller, loop, backend) = try Self.playingDemo(speed: 20)
    loop.drawFrame()
    #expect(Self.header(backend).contains("▶ 20×"))
    var now = Duration.zero
    var clocksShown: Set<Int64> = []
    var errors: [String] = []
    while controller.isPlaying, now < .seconds(600) {
      now += .milliseconds(100)
      controller.playTick(at: now)
      if let preview = controller.state.clockPreview { clocksShown.insert(preview) }
      if let status = controller.state.status, status.kind == .error { errors.append(status.text) }
      loop.drawFrame()
    }
    #expect(errors.isEmpty)
    #expect(controller.state.runner.isFinished)
    #expect(controller.state.status?.text.contains("playing finished") == true)
    #expect(Self.header(backend).contains("❚❚ 20×"))
    // The 13h advance showed the header clock at several times on the way.
    #expect(clocksShown.count >= 2)
    #expect(controller.state.clockPreview == nil)
  }

  @Test func playKeyPausesAndResumesAndKeysStillWork() throws {
    let (controller, _, _) = try Self.playingDemo(speed: 1)
    controller.handle(.character("a"))
    #expect(!controller.isPlaying)
    let done = controller.state.script.done
    controller.playTick(at: .seconds(60))
    #expect(controller.state.script.done == done)
    controller.handle(.tab)
    #expect(controller.state.focus == .detail)
    controller.handle(.character("a"))
    #expect(controller.isPlaying)
    controller.playTick(at: .seconds(61))
    #expect(controller.state.script.done == done + 1)
  }

  @Test func asciiHeaderShowsPlayState() throws {
    let (controller, loop, backend) = try Self.playingDemo(speed: 0.5, glyphs: .ascii)
    loop.drawFrame()
    #expect(Self.header(backend).contains("> 0.5x"))
    controller.perform(.togglePlay)
    loop.drawFrame()
    #expect(Self.header(backend).contains("|| 0.5x"))
  }

  @Test func playingAScenarioWithoutStepsSaysSo() throws {
    let setup = try MonitorSetup(
      scenario: Scenario(participants: []), file: "empty.json", prepared: [])
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions(playSpeed: 2))
    #expect(!controller.isPlaying)
    #expect(controller.state.status?.text.contains("nothing to play") == true)
    controller.perform(.togglePlay)
    #expect(!controller.isPlaying)
    #expect(controller.state.status?.text.contains("nothing to play") == true)
  }

  /// A host whose `ask` strategy question no step answers, then a second join.
  static let unansweredQuestion = #"""
    {
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"],
          "strategy": { "publish": "ask" } },
        { "id": "viewer", "sdk": "web@1.33.0", "capabilities": ["subscribe"] }
      ],
      "steps": [ { "join": "host" }, { "join": "viewer" } ]
    }
    """#

  @Test func aQuestionTheScriptDoesNotAnswerStopsPlayingUntilResumed() throws {
    let scenario = try Scenario(
      parsing: Self.unansweredQuestion, file: "ask.json", baseDirectory: ".")
    let setup = try MonitorSetup(scenario: scenario, file: "ask.json", prepared: [])
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions(playSpeed: 1))
    controller.playTick(at: .seconds(2))
    #expect(controller.state.script.done == 1)
    #expect(controller.state.pendingQuestion?.participant == "host")
    controller.playTick(at: .seconds(60))
    #expect(!controller.isPlaying)
    #expect(controller.state.script.done == 1)
    #expect(controller.state.status?.text.contains("playing paused: host asks") == true)
    controller.handle(.character("y"))
    controller.handle(.character("a"))
    controller.playTick(at: .seconds(61))
    #expect(controller.state.script.done == 2)
  }
}
