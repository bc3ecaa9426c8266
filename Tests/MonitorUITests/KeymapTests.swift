import MonitorUI
import TerminalKit
import Testing

/// The keymap is the single source of dispatch, footer and help.
@Suite struct KeymapTests {
  let keymap = Keymap.standard

  /// A situation in which `binding` applies.
  func situation(for binding: KeyBinding) -> KeySituation {
    let layer: KeySituation.Layer
    var focus = Pane.participants
    switch binding.context {
    case .global: layer = .panes
    case .panes(let panes):
      layer = .panes
      focus = panes[0]
    case .help: layer = .help
    case .deck: layer = .deck
    case .input: layer = .input
    }
    let question: [KeyBinding.Condition] = [.questionPending, .questionLeftToKeys]
    return KeySituation(
      layer: layer, focus: focus, questionPending: question.contains(binding.condition))
  }

  @Test(arguments: Action.allCases)
  func everyActionIsReachableByAKey(_ action: Action) throws {
    let binding = try #require(keymap.bindings.first { $0.action == action }, "\(action) unbound")
    let key = try #require(binding.keys.first)
    #expect(keymap.action(for: key, in: situation(for: binding)) == action)
  }

  @Test func everyBindingDispatchesItsOwnActionWithEachOfItsKeys() {
    for binding in keymap.bindings {
      for key in binding.keys {
        #expect(
          keymap.action(for: key, in: situation(for: binding)) == binding.action,
          "\(key.label) in \(binding.context)")
      }
    }
  }

  @Test func nAnswersNoOnlyWhenTheScriptDoesNotAnswerThePendingQuestion() {
    let n = Key.character("n")
    #expect(keymap.action(for: n, in: KeySituation(questionPending: true)) == .answerNo)
    #expect(keymap.action(for: n, in: KeySituation(questionPending: false)) == .nextStep)
    let scripted = KeySituation(questionPending: true, scriptAnswersQuestion: true)
    #expect(keymap.action(for: n, in: scripted) == .nextStep)
    #expect(keymap.action(for: .character("y"), in: scripted) == .answerYes)
    #expect(keymap.action(for: .character("y"), in: KeySituation()) == nil)
  }

  @Test func vChangesTheSDKOrOnTheCompositionPaneThePolicy() {
    let v = Key.character("v")
    #expect(keymap.action(for: v, in: KeySituation(focus: .participants)) == .cycleSDK)
    #expect(keymap.action(for: v, in: KeySituation(focus: .composition)) == .cyclePolicy)
  }

  @Test func helpOverlayListsEveryBindingAndLabelsAssumptions() {
    let lines = HelpContent.lines(keymap, ascii: false).map { $0.map(\.text).joined() }
    for binding in keymap.bindings {
      #expect(
        lines.contains { $0.contains(binding.keyLabel) && $0.contains(binding.help) },
        "help misses \(binding.keyLabel) \(binding.help)")
    }
    for assumption in Assumptions.all {
      #expect(lines.contains("  assumption: " + assumption))
    }
    for id in [
      "exchange.service-rejection.mobile-stays", "exchange.self-event.mobile",
      "exchange.subscribe-lost", "visibility.late-observer", "token.expiry-while-connected",
    ] {
      #expect(lines.contains { $0.hasPrefix("  assumption: \(id): ") }, "\(id)")
    }
    #expect(!lines.contains { $0.contains("assumption: composition.layout") })
  }

  @Test func helpSaysWhichCompositionBehaviourIVSHasTodayAndWhichTheDemoUses() {
    let lines = HelpContent.lines(keymap, ascii: false).map { $0.map(\.text).joined() }
    #expect(lines.contains { $0.contains("composition.layout.live") && $0.contains("2026-04-16") })
    #expect(lines.contains { $0.contains("composition.layout.on-reconnect: Until 2026-04-16") })
    #expect(lines.contains { $0.contains("\"asOf\" or --as-of DATE picks the day") })
    // The demo leaves its composition to the day's rule: today's IVS unless --as-of says.
    #expect(!DemoScenario.json.contains(#""updates""#))
  }

  @Test func footerIsDerivedFromTheTable() throws {
    let controller = try Fixture.demo()
    let state = controller.state
    let expected = keymap.active(in: state.keySituation).filter(\.inFooter)
    let hints = FooterView.hints(state)
    #expect(hints.map(\.keys) == expected.map(\.keyLabel))
    #expect(hints.first { $0.keys == "n" }?.label == "next step 5/13")
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(state, into: &grid)
    let footer = Fixture.text(grid)[39]
    #expect(
      footer.hasPrefix(
        " ? help  q quit  Tab pane  ↓/j select  n next step 5/13  a play  x swap token"))
  }

  @Test(arguments: [(Key.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right")])
  func asciiLabelsNameArrowsInWords(_ key: Key, _ word: String) {
    #expect(key.asciiLabel == word)
    #expect(key.label(ascii: true) == word)
    #expect(key.label(ascii: false) == key.label)
    #expect(Key.pageDown.asciiLabel == "PgDn")
  }

  @Test func asciiFooterAndHelpCannotBeMistakenForKeys() throws {
    let controller = try Fixture.demo()
    var grid = CellGrid(width: 120, height: 40, glyphs: .ascii)
    Screen.render(controller.state, into: &grid)
    let footer = Fixture.text(grid)[39]
    #expect(footer.contains("Down/j select"), "\(footer)")
    #expect(!footer.contains("v/j"))
    // A screen tall enough for the whole help.
    controller.perform(.help)
    var tall = CellGrid(width: 120, height: 200, glyphs: .ascii)
    Screen.render(controller.state, into: &tall)
    let help = Fixture.text(tall).joined(separator: "\n")
    #expect(help.contains("Up/k"))
    #expect(help.contains("Down/j"))
    #expect(!help.contains("^/k") && !help.contains("v/j"))
    #expect(help.contains("ios/android 1.36/1.37"))
    #expect(help.contains("on-reconnect / live"))
  }

  @Test func footerSaysNextStepWhileTheScriptAnswersThePendingQuestion() throws {
    let controller = try Fixture.demo(steps: 1)
    #expect(controller.state.pendingQuestion?.participant == "guest")
    let hints = FooterView.hints(controller.state)
    #expect(hints.contains { $0.keys == "n" && $0.label == "next step 6/13" })
    #expect(hints.contains { $0.keys == "y" && $0.label == "publish now" })
    #expect(!hints.contains { $0.label == "not now" })
  }

  @Test func footerSaysNotNowWhileAQuestionIsLeftToTheKeys() throws {
    let controller = try Fixture.demo()
    controller.handle(.character(":"))
    Fixture.type("exchange guest grant-publish", into: controller)
    controller.handle(.enter)
    #expect(controller.state.pendingQuestion?.participant == "guest")
    let hints = FooterView.hints(controller.state)
    #expect(hints.contains { $0.keys == "n" && $0.label == "not now" })
    #expect(!hints.contains { $0.label.hasPrefix("next step") })
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(controller.state, into: &grid)
    #expect(Fixture.text(grid).contains { $0.contains("y = yes · n = not now") })
  }
}
