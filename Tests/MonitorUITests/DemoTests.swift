import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// The built-in demo opens on a live stage and `n` tells the story of SPEC §3.4 and §4; a
/// scenario file opens untouched.
@Suite struct DemoTests {
  @Test func demoOpensOnALiveStage() throws {
    let state = try Fixture.demo().state
    #expect(state.script.done == DemoScenario.openingSteps)
    let host = try #require(state.snapshot.participant("host"))
    #expect(host.sdk.description == "ios@1.37.0")
    #expect(host.publish == .published)
    let guest = try #require(state.snapshot.participant("guest"))
    #expect(guest.connection == .connected)
    #expect(!guest.capabilities.publish && guest.capabilities.subscribe)
    #expect(guest.strategy.publish == .ask)
    for (id, sdk) in [("viewer-android", "android@1.36.0"), ("viewer-web", "web@1.32.0")] {
      let viewer = try #require(state.snapshot.participant(id))
      #expect(viewer.sdk.description == sdk)
      #expect(viewer.remotes.first { $0.participant == "host" }?.subscribe == .subscribed)
    }
    #expect(state.narration?.text == DemoScenario.openingNote)
    #expect(state.log.visibleLines().contains { $0.name == "PUBLISH_STARTED" })
  }

  @Test func openingScreenAt120x40() throws {
    let state = try Fixture.demo().state
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(state, into: &grid)
    let text = Fixture.text(grid)
    #expect(
      Array(text[1...8]) == [
        "┌ ▸ Participants 4 ────────────────────────────────────────────────────────────────────────────────────────────────────┐",
        "│  ID             USER_ID    SDK            CAP CONNECTION   PUBLISH    SUBS EXPIRES                                   │",
        "│▶ host           alice      ios@1.37.0     PS  connected    published  0    in 12h                                    │",
        "│  guest          bob        android@1.37.0 -S  connected    —          1    in 12h                                    │",
        "│  viewer-android carol      android@1.36.0 -S  connected    —          1    in 12h                                    │",
        "│  viewer-web     dave       web@1.32.0     -S  connected    —          1    in 12h                                    │",
        "└──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘",
        "┌ Detail: host (alice) ─────────────────────────────────────────────────────────┐┌ Composition ────────────────────────┐",
      ])
    #expect(text[19].hasPrefix("┌ Events 40 ─"))
    #expect(text[35].hasPrefix("└─"))
    // The newest event, whole, with the rule that decided it.
    let newest = text[33...34].joined(separator: "\n")
    #expect(newest.contains("SUBSCRIBE_STARTED") && newest.contains("viewer-web remote=host"))
    #expect(newest.contains("[visibility."), "\(newest)")
    // The narration, the room kept for the story's longest note, and what `n` does next.
    #expect(text[36] == DemoScenario.openingNote)
    #expect(text[37] == "")
    #expect(text[38] == "n: make the guest co-host (a token that adds publish)  (step 5/13)")
    #expect(text[39].hasPrefix(" ? help  q quit  Tab pane  ↓/j select  n next step 5/13"))
  }

  /// By default the demo tells today's IVS: after the attribute change only the older SDKs are
  /// STALE (the composition follows at once) and the header names no date; the narration
  /// says how IVS behaved until April 2026. As of 2025-12-01 it tells that story.
  @Test func theDemoTellsTodaysIVSUnlessAskedForTheOldDay() throws {
    let today = try Fixture.demo(steps: 3)
    let stale = today.state.beliefs.filter(\.isStale).map(\.observer)
    #expect(stale == ["viewer-android", "viewer-web"])
    #expect(today.state.shownComposition?.updates.outcome == .live)
    #expect(today.state.narration?.text.contains("the composition (IVS since 2026-04-16)") == true)
    today.perform(.present)
    #expect(today.state.narration?.text.contains("Until April 2026 the recording waited") == true)
    today.perform(.present)
    var grid = CellGrid(width: 120, height: 1)
    HeaderView.render(today.state, in: grid.bounds, into: &grid)
    #expect(!Fixture.text(grid)[0].contains("IVS as of"), "\(Fixture.text(grid)[0])")

    let old = try Fixture.demoOnReconnect(steps: 3)
    let staleThen = old.state.beliefs.filter(\.isStale).map(\.observer)
    #expect(staleThen == ["viewer-android", "viewer-web", "composition"])
    #expect(old.state.narration?.text.contains("IVS until 2026-04-16") == true)
    grid = CellGrid(width: 160, height: 1)
    HeaderView.render(old.state, in: grid.bounds, into: &grid)
    #expect(Fixture.text(grid)[0].contains("IVS as of 2025-12-01"), "\(Fixture.text(grid)[0])")
  }

  @Test func nextStepsShowStaleObserversThenTheirCatchUp() throws {
    let controller = try Fixture.demoOnReconnect()
    controller.handle(.character("n"))
    #expect(controller.state.selectedParticipant?.id == "guest")
    #expect(controller.state.pendingQuestion?.participant == "guest")
    #expect(controller.state.narration?.text.contains("co-host upgrade") == true)
    controller.handle(.character("n"))
    #expect(controller.state.selectedParticipant?.publish == .published)
    controller.handle(.character("n"))
    let stale = controller.state.beliefs.filter(\.isStale).map(\.observer)
    #expect(stale == ["viewer-android", "viewer-web", "composition"])
    #expect(controller.state.beliefs.first { $0.observer == "host" }?.isStale == false)
    #expect(controller.state.narration?.text.contains("are STALE") == true)
    controller.handle(.character("n"))
    #expect(controller.state.log.visibleLines().last { $0.event?.kind == .exchangeRejected } != nil)
    controller.handle(.character("n"))
    controller.handle(.character("n"))
    #expect(controller.state.narration?.text.contains("catch up") == true)
    #expect(controller.state.beliefs.allSatisfy { !$0.isStale })
    #expect(controller.state.snapshot.composition?.slots.first?.participant == "guest")
    controller.handle(.character("n"))
    #expect(controller.state.selectedParticipant?.id == "host")
    #expect(controller.state.selectedParticipant?.publish == .notPublished)
  }

  @Test func scenarioFileOpensWithoutRunningSteps() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-demo-\(UUID().uuidString).json").path
    try DemoScenario.json.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let setup = try MonitorSetup.file(path)
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions(logLines: 100))
    #expect(controller.state.script.done == 0)
    #expect(controller.state.snapshot.participants.allSatisfy { $0.connection == .disconnected })
    let description = try DemoScenario.load().description
    #expect(controller.state.narration?.text == description)
    controller.handle(.character("n"))
    controller.handle(.character("n"))
    #expect(controller.state.selectedParticipant?.id == "host")
  }

  @Test func pressingOnlyNPlaysTheWholeStoryWithoutAnError() throws {
    let controller = try Fixture.demo()
    let total = controller.state.script.total
    while controller.state.script.done < total {
      controller.handle(.character("n"))
      let narration = try #require(controller.state.narration)
      #expect(narration.kind == .info, "step \(controller.state.script.done): \(narration.text)")
    }
    let last = try #require(controller.state.story.notes[total - 1])
    #expect(controller.state.narration?.text.hasSuffix(last) == true)
    #expect(controller.state.log.visibleLines().contains { $0.name == "STAGE_LEFT" })
  }

  /// A question answered live while the script's next step is another one: the script's own
  /// answer, when it comes, has no question left and is skipped, saying so.
  @Test func anAnswerStepWithoutItsQuestionIsSkippedAndSaysSo() throws {
    let scenario = try Scenario(
      parsing: #"""
        { "participants": [
            { "id": "guest", "capabilities": ["subscribe"], "strategy": { "publish": "ask" } },
            { "id": "viewer", "capabilities": ["subscribe"] } ],
          "steps": [ { "join": "guest" },
            { "exchange": "guest", "token": { "capabilities": ["publish", "subscribe"] } },
            { "join": "viewer" }, { "answer": "guest", "publish": true } ] }
        """#, file: "ask.json", baseDirectory: ".")
    let controller = AppController(
      setup: try MonitorSetup(scenario: scenario, file: "ask.json", prepared: []),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
    for _ in 0..<2 { controller.handle(.character("n")) }
    #expect(
      controller.state.pendingQuestion != nil && !controller.state.scriptAnswersPendingQuestion)
    controller.handle(.character("y"))
    controller.handle(.character("n"))
    controller.handle(.character("n"))
    #expect(controller.state.script.done == 4)
    #expect(
      controller.state.narration
        == Narration("step 4/4 skipped: guest has no question waiting", kind: .warning))
  }

  @Test func everyNarrationReadsInFullAt100x30() throws {
    let controller = try Fixture.demo()
    while controller.state.script.done < controller.state.script.total {
      controller.handle(.character("n"))
      var grid = CellGrid(width: 100, height: 30)
      Screen.render(controller.state, into: &grid)
      let screen = Self.words(Fixture.text(grid).joined(separator: " "))
      let status = Self.words(try #require(controller.state.narration?.text))
      #expect(screen.contains(status), "cut narration: \(status)")
    }
  }

  private static func words(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
