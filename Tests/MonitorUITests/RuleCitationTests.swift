import IVSRules
import MonitorUI
import StageEngine
import TerminalKit
import Testing
import TokenCore

/// #28: what the monitor says names the rule of the book that decided it — the who-sees-what
/// reasons and the log lines carry the rule's ID — and the rule's text is a key away (`w`,
/// `:rule ID`): its statement and its source, as `stagemon rules ID` prints them.
@Suite struct RuleCitationTests {
  static func screen(_ controller: AppController) -> String {
    var grid = CellGrid(width: 120, height: 40)
    Screen.render(controller.state, into: &grid)
    return Fixture.text(grid).joined(separator: "\n")
  }

  /// The rules the open overlay shows, if it is the rules overlay.
  static func shownRules(_ controller: AppController) -> [RuleID]? {
    guard case .rules(let rules, _)? = controller.state.overlay else { return nil }
    return rules
  }

  @Test func whyOnTheDetailOpensTheRulesBehindItsStaleRows() throws {
    let controller = try Fixture.demoOnReconnect(steps: 3)
    controller.perform(.focusNext)
    #expect(controller.state.focus == .detail)
    let cited = controller.state.beliefs.compactMap(\.rule)
    #expect(cited.map(\.rawValue).contains("composition.layout.on-reconnect"))
    controller.handle(.character("w"))
    let shown = try #require(Self.shownRules(controller))
    let unique = cited.reduce(into: [RuleID]()) { if !$0.contains($1) { $0.append($1) } }
    #expect(shown == unique)
    let text = Self.screen(controller)
    for rule in shown {
      #expect(text.contains("\(rule)  [\(RuleBook.ivs.rule(rule).kind.rawValue)]"), "\(text)")
    }
    #expect(text.contains("source: "), "\(text)")
    controller.handle(.character("w"))
    #expect(Self.shownRules(controller) == nil)
  }

  /// A stage of two publishers and `viewers` viewers on SDKs before and after the metadata
  /// event, in turn, and a composition that follows on reconnect, after the first publisher
  /// changed its attributes while publishing: its rows cite several rules, many times each.
  static func bigStage(viewers: Int) throws -> AppController {
    let profiles = try ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0"].map {
      try SDKProfile(parsing: $0)
    }
    let hosts = (0..<2).map { index in
      ScenarioParticipant(
        id: "host\(index)", sdk: profiles[0], strategy: StrategySettings(),
        token: .mint(TokenMintSpec(capabilities: Capabilities(publish: true, subscribe: true))))
    }
    let audience = (0..<viewers).map { index in
      ScenarioParticipant(
        id: "viewer\(index)", sdk: profiles[index % profiles.count], strategy: StrategySettings(),
        token: .mint(TokenMintSpec(capabilities: Capabilities(publish: false, subscribe: true))))
    }
    let participants = hosts + audience
    let exchange = ScenarioStep.exchange(
      "host0", .mint(TokenMintSpec(attributes: [(key: "featured", value: "true")])))
    let scenario = Scenario(
      composition: CompositionConfiguration(
        layout: .grid, featuredParticipantAttribute: "featured",
        participantOrderAttribute: "order", updates: .onReconnect),
      participants: participants, steps: participants.map { .join($0.id) } + [exchange])
    let setup = try MonitorSetup(scenario: scenario, file: "generated", prepared: [])
    while try setup.runner.step() != nil {}
    return AppController(
      setup: setup, themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme,
      options: MonitorOptions())
  }

  /// #31: `w` reads the rules without making every row, and lists exactly what the rows cite:
  /// each rule once, first cited first.
  @Test func whyOnABigStageListsTheRulesItsRowsCite() throws {
    let controller = try Self.bigStage(viewers: 400)
    Fixture.type(":select host0", into: controller)
    controller.handle(.enter)
    #expect(controller.state.selectedParticipant?.id == "host0")
    let cited = controller.state.beliefs.compactMap(\.rule)
    let unique = cited.reduce(into: [RuleID]()) { if !$0.contains($1) { $0.append($1) } }
    #expect(unique.count >= 2, "\(unique)")
    #expect(cited.count > 100)
    controller.handle(.character("w"))
    #expect(Self.shownRules(controller) == unique)
  }

  @Test func whyOnALogLineOpensTheRuleItNames() throws {
    let controller = try Fixture.demoOnReconnect(steps: 3)
    while controller.state.focus != .log { controller.handle(.tab) }
    let line = try #require(
      controller.state.selectedLogLine.flatMap { controller.state.log.line($0) })
    let rule = try #require(line.event?.rule)
    #expect(line.rule == rule.rawValue)
    #expect(Self.screen(controller).contains("[\(rule)]"))
    controller.handle(.character("w"))
    #expect(Self.shownRules(controller) == [rule])
    #expect(Self.screen(controller).contains(RuleBook.ivs.rule(rule).statement.prefix(40)))
  }

  @Test func ruleCommandOpensAnyRuleAndNamesTheNearestForATypo() throws {
    let controller = try Fixture.demo()
    Fixture.type(":rule composition.layout.live", into: controller)
    controller.handle(.enter)
    #expect(Self.shownRules(controller) == [.compositionLayoutLive])
    controller.handle(.escape)
    Fixture.type(":rule composition.layout.lve", into: controller)
    controller.handle(.enter)
    #expect(Self.shownRules(controller) == nil)
    #expect(controller.state.status?.kind == .error)
    #expect(controller.state.status?.text.contains("composition.layout.live") == true)
  }

  @Test func whyWithNothingStaleSaysSo() throws {
    let controller = try Fixture.demo()
    controller.handle(.character("w"))
    #expect(Self.shownRules(controller) == nil)
    #expect(controller.state.status?.text.contains("no rule keeps one STALE") == true)
  }
}
