import Foundation
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// Presenter mode (`--present`, `:present`): the narration in plain language with the SDK's term
/// in parentheses, the log out of the way unless asked for, a glossary on `g`; and `:restart`
/// goes back to the opening, the stage live before the first story step.
@Suite struct PresenterTests {
  static func presenting() throws -> AppController {
    var options = MonitorOptions()
    options.present = true
    return AppController(
      setup: try MonitorSetup.demo(), themes: ThemeCatalog(themes: [Fixture.theme]),
      theme: Fixture.theme, options: options)
  }

  static func screen(_ state: AppState) -> [String] {
    var grid = CellGrid(width: 100, height: 30)
    Screen.render(state, into: &grid)
    return Fixture.text(grid)
  }

  /// SDK words an audience that never heard of IVS should not meet outside parentheses.
  static let jargon = [
    "shouldPublishFromParticipant", "claims={", "attributes={", "capabilities=[", "exchange guest",
    "on-reconnect",
  ]

  @Test func presentOpensOnThePlainOpeningWithTheLogHidden() throws {
    let controller = try Self.presenting()
    #expect(controller.state.narration?.text == PresenterText.opening)
    #expect(Self.screen(controller.state)[0].contains("PRESENTING"))
    let rows = Self.screen(controller.state)
    #expect(!rows.joined().contains("Events"))
    #expect(rows.joined().contains("who sees what"))
  }

  @Test func everyStepIsNarratedInPlainLanguageWithTheTermInParentheses() throws {
    let controller = try Self.presenting()
    for _ in 0..<controller.state.script.total - controller.state.script.done {
      controller.perform(.nextStep)
      let text = try #require(controller.state.narration?.text)
      for word in Self.jargon { #expect(!text.contains(word), "\(text)") }
      #expect(text.contains("(") && text.contains(")"), "\(text)")
    }
  }

  @Test func theGlossaryExplainsEveryTermOnScreen() throws {
    let controller = try Self.presenting()
    controller.handle(.character("g"))
    let text = Self.screen(controller.state).joined(separator: "\n")
    for term in [
      "stage", "participant", "token", "claim", "capability", "publish", "subscribe",
      "attributes", "composition", "exchange", "SDK", "strategy", "STALE", "REFUSED",
    ] {
      #expect(text.contains("│   \(term) "), "\(term)")
    }
    controller.handle(.character("g"))
    #expect(controller.state.overlay == nil)
  }

  @Test func theLogComesBackWhenAskedFor() throws {
    let controller = try Self.presenting()
    controller.handle(.character("L"))
    #expect(Self.screen(controller.state).joined().contains("Events"))
    controller.handle(.character("P"))
    #expect(!controller.state.screenMode.presenting)
  }

  @Test func presentCommandTurnsItOn() throws {
    let controller = try Fixture.demo()
    controller.handle(.character(":"))
    Fixture.type("present", into: controller)
    controller.handle(.enter)
    #expect(controller.state.screenMode.presenting && controller.state.screenMode.hidesLog)
    controller.perform(.nextStep)
    #expect(controller.state.narration?.text.contains("new pass (token exchange)") == true)
  }

  @Test(arguments: [false, true])
  func restartReturnsToTheOpeningNotBeforeIt(presenting: Bool) throws {
    let controller = presenting ? try Self.presenting() : try Fixture.demo()
    let opening = controller.state.snapshot
    for _ in 0..<3 { controller.perform(.nextStep) }
    controller.perform(.restart)
    #expect(controller.state.runner.history.count == DemoScenario.openingSteps)
    #expect(
      controller.state.snapshot.participants.map(\.connection)
        == opening.participants.map(\.connection))
    #expect(controller.state.snapshot.publishers == opening.publishers)
    let expected = presenting ? PresenterText.opening : DemoScenario.openingNote
    #expect(controller.state.narration?.text == expected)
    controller.perform(.nextStep)
    #expect(controller.state.narration?.text.hasPrefix("step 5/") == true)
  }

  @Test(arguments: [80, 100, 120, 200])
  func presentModeHasItsOwnFooterAtEveryWidth(width: Int) throws {
    let controller = try Self.presenting()
    for step in 0..<3 {
      var grid = CellGrid(width: width, height: 30)
      Screen.render(controller.state, into: &grid)
      let footer = Fixture.text(grid)[29]
      for hint in ["n next", "b back", "g glossary", "z zoom", "q quit"] {
        #expect(footer.contains(hint), "step \(step) at \(width): \(footer)")
      }
      controller.perform(.nextStep)
    }
  }

  @Test func theTokenReadsInWordsNotJSONOrSeconds() throws {
    let controller = try Self.presenting()
    controller.perform(.nextStep)
    var grid = CellGrid(width: 100, height: 40)
    controller.perform(.zoom)
    controller.perform(.focusNext)
    Screen.render(controller.state, into: &grid)
    let text = Fixture.text(grid).joined(separator: "\n")
    #expect(text.contains("pass (token) for bob on stage DemoStage01"), "\(text)")
    #expect(text.contains("broadcast and watch (publish, subscribe)"))
    #expect(text.contains("valid until 2026-01-02 00:00 UTC"))
    #expect(!text.contains("{\"alg\"") && !text.contains("1767312000"), "\(text)")
  }

  @Test func theRefusedTokenIsSeenInThePanes() throws {
    let controller = try Self.presenting()
    for _ in 0..<4 { controller.perform(.nextStep) }
    let rows = Self.screen(controller.state)
    #expect(rows.contains { $0.hasPrefix("│✖ guest ") }, "\(rows.joined(separator: "\n"))")
    #expect(
      rows.contains { $0.contains("REFUSED  exchange refused: immutable claim topic differs") })
    controller.perform(.nextStep)
    let after = Self.screen(controller.state)
    #expect(!after.joined().contains("REFUSED") && !after.contains { $0.hasPrefix("│✖") })
  }
}
