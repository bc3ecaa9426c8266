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
    #expect(controller.state.status?.text == PresenterText.opening)
    let rows = Self.screen(controller.state)
    #expect(!rows.joined().contains("Events"))
    #expect(rows.joined().contains("who sees what"))
  }

  @Test func everyStepIsNarratedInPlainLanguageWithTheTermInParentheses() throws {
    let controller = try Self.presenting()
    for _ in 0..<controller.state.script.total - controller.state.script.done {
      controller.perform(.nextStep)
      let text = try #require(controller.state.status?.text)
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
      "attributes", "composition", "exchange",
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
    #expect(controller.state.status?.text.contains("new pass (token exchange)") == true)
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
    #expect(controller.state.status?.text == expected)
    controller.perform(.nextStep)
    #expect(controller.state.status?.text.hasPrefix("step 5/") == true)
  }
}
