import IVSRules
import StageEngine

/// `w` (why) and `:rule ID`: the rule of the book behind what the panes say, a key away — its
/// statement, its source (or an assumption's reason) and where it holds, as `stagemon rules ID`
/// prints it.
extension AppController {
  /// Opens the rules behind the focused pane's selection, or says why there is none.
  func showRulesOfSelection() {
    let (rules, none) = rulesOfSelection()
    guard !rules.isEmpty else {
      report(none)
      return
    }
    state.overlay = .rules(rules, scroll: 0)
  }

  /// Opens the rule `text` names; an unknown ID names the nearest ones.
  func showRule(named text: String) {
    do {
      state.overlay = .rules([try RuleBook.ivs.rule(named: text).id], scroll: 0)
    } catch {
      report(error.description, .error)
    }
  }

  /// The rules behind the focused pane's selection (first cited first), or what to select.
  private func rulesOfSelection() -> (rules: [RuleID], none: String) {
    switch state.focus {
    case .log:
      let entry = state.selectedLogLine.flatMap { state.log.entry($0) }
      guard let entry else { return ([], "no log line selected: j/k selects one") }
      return (entry.event?.rule.map { [$0] } ?? [], "this log line cites no rule (a runner step)")
    case .composition:
      guard let shown = state.shownComposition else { return ([], "no composition running") }
      return ([shown.updates.rule], "")
    case .participants, .detail:
      guard let subject = state.selectedParticipant else { return ([], "no participant selected") }
      let rules = state.whoSeesWhat?.staleRules(in: state.snapshot) ?? []
      return (rules, "every observer of \(subject.id) sees it as it is: no rule keeps one STALE")
    }
  }
}
