import JSONKit

/// The runner's part in `expect` steps: keeps the events of the latest
/// non-expect step (only when the scenario has an `events` expectation, so
/// long runs without one copy nothing), checks each expectation, records every
/// failed statement as an `expectFailed` event and keeps the tally that
/// `stagemon run --check` and `stagemon test` report.
final class ExpectationChecker {
  private let capturesEvents: Bool
  private var window: [StageEvent] = []
  private var windowStep: String?
  private var mark = 0
  private(set) var failures: [ExpectationFailure] = []
  private(set) var results: [ExpectationResult] = []
  private(set) var checkCount = 0

  init(steps: [ScenarioStep]) {
    capturesEvents = steps.contains {
      if case .expect(let expectation) = $0 { return expectation.needsEvents }
      return false
    }
  }

  private init(capturesEvents: Bool) { self.capturesEvents = capturesEvents }

  /// An independent copy (window, tally, failures), so time travel can go back to a checkpoint.
  func copy() -> ExpectationChecker {
    let copy = ExpectationChecker(capturesEvents: capturesEvents)
    copy.window = window
    copy.windowStep = windowStep
    copy.mark = mark
    copy.failures = failures
    copy.results = results
    copy.checkCount = checkCount
    return copy
  }

  /// Called before any step records anything.
  func stepWillRun(_ step: ScenarioStep, on stage: Stage) {
    mark = stage.events.count
    if case .expect = step { return }
    stage.rulesOfStep.removeAll(keepingCapacity: true)
  }

  /// Called after a step ran: a non-expect step's events become the window.
  func stepDidRun(_ step: ScenarioStep, on stage: Stage, number: Int) {
    if case .expect = step { return }
    windowStep = "step \(number) (\(step.summary))"
    guard capturesEvents else { return }
    window = stage.events.events(from: mark)
  }

  /// Checks `expectation`, step `number` (from 1) at `position` in its file, now; failed
  /// statements go into the stream, the tally and the step's result.
  func check(
    _ expectation: Expectation, on stage: Stage, number: Int, position: SourcePosition?
  ) {
    let verdict: ExpectationVerdict
    switch expectation.subject {
    case .participant(let participant): verdict = stage.verdict(participant)
    case .belief(let belief): verdict = stage.verdict(belief)
    case .composition(let composition): verdict = stage.verdict(composition)
    case .events(let events): verdict = events.verdict(events: windowJSON(), since: windowStep)
    }
    checkCount += verdict.checks
    // A failure cites the rules that decided what it checked, else those of the step before.
    let rules = verdict.rules.isEmpty ? stage.rulesOfStep.sorted() : verdict.rules
    let cited = rules.isEmpty ? "" : " [rules: \(rules.map(\.rawValue).joined(separator: ", "))]"
    let missed = verdict.misses.map { miss in
      ExpectationFailure(
        step: "step \(number)", position: position, expected: miss.expected,
        actual: miss.actual, message: miss.message + cited)
    }
    for failure in missed {
      failures.append(failure)
      stage.recordExpectationFailure(failure)
    }
    results.append(
      ExpectationResult(
        step: number, position: position, name: expectation.name, checks: verdict.checks,
        failures: missed, seq: stage.nextEventSeq, time: stage.clock.now))
  }

  /// The window as the JSON objects the stream writes, so patterns match any field of any kind.
  private func windowJSON() -> [JSON] {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    return window.compactMap { event in
      bytes.removeAll(keepingCapacity: true)
      renderer.render(event, into: &bytes)
      return try? JSONParser.parse(bytes: bytes)
    }
  }
}

extension Stage {
  /// Records an `expectFailed` runner event.
  func recordExpectationFailure(_ failure: ExpectationFailure) {
    emit(.runner, .expectFailed) { event in
      event.message = failure.message
      event.expectation = failure
    }
  }
}
