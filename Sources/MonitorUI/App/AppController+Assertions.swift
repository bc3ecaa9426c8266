import JSONKit
import StageEngine
import TerminalKit

/// Assertions in the monitor: an `expect` step run here (scripted, or recorded with `A` /
/// `:expect`) shows its verdict in the log as ✔ or ✘ and counts in the header; recording one
/// captures the selected participant's state and each observer's belief of it as `expect`
/// steps, shown in the input line for editing first (Enter adds them to the session, Esc
/// cancels), so `:save-scenario` writes them and the saved scenario passes `stagemon test`.
extension AppController {
  /// `A` / `:expect`: opens the input line on the assertions that hold now for the selected
  /// participant.
  func captureExpectation() {
    guard let participant = state.selectedParticipant else {
      report("select a participant to assert about first", .error)
      return
    }
    let steps = state.snapshot.expectSteps(
      capturing: participant.id, maximumObservers: Self.capturedObservers)
    state.input = InputLine(.expectation, text: JSONWriter.compact(.array(steps)))
    let observers = state.snapshot.participants.count - 1
    let some =
      steps.count - 1 < observers
      ? " (beliefs of \(steps.count - 1) of \(observers) observers)" : ""
    report(
      "assertions about \(participant.id) as they hold now\(some): edit, Enter adds them, Esc cancels"
    )
  }

  /// The most observers whose belief one recording captures: about 15 KB of JSON, well within
  /// the input line's 64 KB.
  static let capturedObservers = 100

  /// Enter on the assertion input: decodes the steps as a scenario's steps and runs each as a
  /// live step of the session; a mistake reopens the input with the text kept.
  func addExpectations(_ text: String) {
    let steps: [ScenarioStep]
    do {
      steps = try state.runner.scenario.decodeSteps(
        text, origin: "expect", compositions: state.snapshot.compositions.map(\.id))
    } catch {
      state.input = InputLine(.expectation, text: text)
      report(error.description, .error)
      return
    }
    guard steps.allSatisfy({ if case .expect = $0 { true } else { false } }) else {
      state.input = InputLine(.expectation, text: text)
      report("only expect steps can be added here", .error)
      return
    }
    let before = state.runner.expectationResults.count
    for step in steps {
      do {
        try state.runner.perform(step, origin: "ui:expect")
      } catch {
        report(error.description, .error)
        break
      }
    }
    refresh()
    let results = state.runner.expectationResults.dropFirst(before)
    logVerdicts(results)
    let failed = results.count { !$0.passed }
    report(
      "added \(results.count) assertion(s) to the session (\(failed) failed); :save-scenario writes them",
      failed == 0 ? .success : .warning)
  }

  /// Puts a ✔ or ✘ line in the log for each verdict (what a passing assertion, which leaves
  /// no event, shows at all).
  func logVerdicts(_ results: ArraySlice<ExpectationResult>) {
    for result in results { state.log.append(LogLine(verdict: result)) }
  }
}

extension LogLine {
  /// `✔ step N: NAME` or `✘ step N: NAME — K failed`: an assertion's verdict in the log, at
  /// its time.
  init(verdict result: ExpectationResult) {
    let category =
      result.passed
      ? EventCategory(role: .success, symbol: "✔", asciiSymbol: "v")
      : EventCategory(role: .errorEvent, symbol: "✘", asciiSymbol: "X")
    let failed = result.passed ? "" : " — \(result.failures.count) failed"
    self.init(
      second: result.time, source: "runner", sourceRole: .runner, name: "expect",
      subject: "\(category.symbol) step \(result.step): \(result.name)\(failed)",
      category: category)
  }
}
