import IVSRules
import MonitorUI
import TerminalKit
import Testing

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
