import Foundation
import IVSRules
import InputKit
import JSONKit
import StageEngine
import StreamCompare

/// Runs test items headless, one step at a time so each assertion gets its own time, and
/// turns each into a `ScenarioCheck`, its stream compared with its golden when it has one.
/// Kept apart from discovery (`TestCollection`), so what runs is exactly what `--list` shows.
public struct ScenarioChecker {
  /// What `stagemon test` does with goldens.
  public enum GoldenMode: Sendable {
    /// Compare each run with its golden when it has one; a golden the scenario names that is
    /// missing is written after a passing run, unless `ci` (then it is a failure).
    case compare(ci: Bool)
    /// `-u`: write each passing run's golden (failing ones too with `force`), never one of a
    /// run that could not finish.
    case update(force: Bool)
  }

  /// `-k EXPRESSION`: runs only files whose path, or assertions whose name, it matches.
  public var keyword: KeywordExpression?
  /// What happens to goldens; `nil` leaves them alone.
  public var goldens: GoldenMode?
  /// Today by the command's clock: the latest `asOf` a scenario may name (nil: unbounded).
  public var today: ServiceDate?
  /// `--as-of DATE`: the day every scenario tells, over its own `asOf`.
  public var asOf: ServiceDate?

  /// Creates a checker; no keyword selects everything.
  public init(keyword: KeywordExpression? = nil, goldens: GoldenMode? = nil) {
    self.keyword = keyword
    self.goldens = goldens
  }

  /// A test item read: a scenario to run with the expect steps selected (numbers from 1), or
  /// a verdict already (missing, skipped, not loadable).
  public enum Loaded {
    /// Run it.
    case scenario(Scenario, selected: Set<Int>)
    /// Nothing to run.
    case settled(ScenarioCheck)
  }

  /// Whether `path` matches the keyword on its own (a file with no assertion to match).
  private func selects(file path: String) -> Bool {
    keyword?.matches([path]) ?? true
  }

  /// The scenario of `item` and the expect steps `keyword` selects, or the check that ends it
  /// here: missing, skipped or not loadable. `nil` when the keyword selects nothing of it.
  public func load(_ item: TestItem) -> Loaded? {
    var loaded: Scenario?
    let read = self.read(item) { () throws(ScenarioError) in
      var scenario = try Scenario(contentsOfFile: item.path, today: today)
      scenario.asOf = asOf ?? scenario.asOf
      loaded = scenario
      return scenario.steps.indices.compactMap { index in
        guard case .expect(let expectation) = scenario.steps[index] else { return nil }
        return (index + 1, expectation.name)
      }
    }
    switch read {
    case .settled(let check)?: return .settled(check)
    case .assertions(let selected)?:
      return loaded.map { .scenario($0, selected: Set(selected.map(\.step))) }
    case nil: return nil
    }
  }

  /// What `--list` shows of a test item: the assertions selected, or the check that ends it.
  public enum Listed {
    /// The selected assertions (number from 1, name), in order.
    case assertions([(step: Int, name: String)])
    /// Nothing to run.
    case settled(ScenarioCheck)
  }

  /// What `--list` shows of `item`, as `load` finds it but without loading more of the file
  /// than its assertions (`ScenarioOutline`). `nil` when the keyword selects nothing of it.
  public func outline(_ item: TestItem) -> Listed? {
    read(item) { () throws(ScenarioError) in
      try ScenarioOutline(contentsOfFile: item.path, today: today).assertions
    }
  }

  /// Reads `item`'s assertions with `decode` and keeps those `keyword` selects; a missing file,
  /// a file that is not a scenario (skipped) or one with a mistake (an error, placed) is
  /// settled. `nil` when the keyword selects nothing of it.
  private func read(
    _ item: TestItem, _ decode: () throws(ScenarioError) -> [(step: Int, name: String)]
  ) -> Listed? {
    guard item.origin != .missing else {
      guard selects(file: item.path) else { return nil }
      return .settled(
        ScenarioCheck(file: item.path, outcome: .error("\(item.path): no such file or folder", [])))
    }
    let assertions: [(step: Int, name: String)]
    do {
      assertions = try decode()
    } catch {
      guard selects(file: item.path) else { return nil }
      if item.origin == .found, let reason = NotAScenario.reason(item.path) {
        return .settled(ScenarioCheck(file: item.path, outcome: .skipped(reason)))
      }
      var check = ScenarioCheck(file: item.path, outcome: .error("\(error)", []))
      check.errorLine = error.position?.line
      return .settled(check)
    }
    let selected = assertions.filter { keyword?.matches([item.path, $0.name]) ?? true }
    if selected.isEmpty, !selects(file: item.path) { return nil }
    return .assertions(selected)
  }

  /// Runs `item`; `nil` when `keyword` selects nothing of it.
  public func check(_ item: TestItem) -> ScenarioCheck? {
    guard let loaded = load(item) else { return nil }
    switch loaded {
    case .settled(let check): return check
    case .scenario(let scenario, let selected): return run(scenario, file: item.path, selected)
    }
  }

  /// Runs `scenario` to the end, timing each selected assertion, then judges its golden.
  private func run(_ scenario: Scenario, file: String, _ selected: Set<Int>) -> ScenarioCheck {
    let clock = ContinuousClock()
    let start = clock.now
    var last = start
    var cases: [AssertionCase] = []
    var problem: ScenarioError?
    let golden = GoldenStream.path(of: scenario, file: file)
    let mode = goldens.flatMap { capturesStream(scenario, golden: golden, $0) ? $0 : nil }
    var capture = mode == nil ? nil : StreamCapture()
    var nextStep = 0
    do {
      let runner = try ScenarioRunner(scenario: scenario, file: file)
      drain(runner.stage, into: &capture)
      while !runner.isFinished {
        defer { drain(runner.stage, into: &capture) }
        nextStep = runner.nextStepIndex
        let results = runner.expectationResults.count
        guard case .expect? = try runner.step() else { continue }
        let now = clock.now
        for result in runner.expectationResults[results...] where selected.contains(result.step) {
          cases.append(AssertionCase(result: result, seconds: Self.seconds(now - last)))
        }
        last = now
      }
    } catch {
      problem = error
    }
    let seconds = Self.seconds(clock.now - start)
    let outcome: ScenarioCheck.Outcome = problem.map { .error("\($0)", cases) } ?? .ran(cases)
    var check = ScenarioCheck(file: file, outcome: outcome, seconds: seconds)
    if let problem {
      check.errorLine = problem.position?.line
      check.notRun = Self.notRun(scenario, after: nextStep, selected)
    }
    if let capture, let mode { check.golden = judge(capture, golden: golden, check: check, mode) }
    return check
  }

  /// The selected assertions after step `failed` (an index), which could not run.
  private static func notRun(_ scenario: Scenario, after failed: Int, _ selected: Set<Int>)
    -> [NotRunAssertion]
  {
    let reason = "not run: step \(failed + 1) (steps[\(failed)]) could not run"
    return scenario.steps.indices.dropFirst(failed + 1).compactMap { index in
      guard selected.contains(index + 1), case .expect(let expectation) = scenario.steps[index]
      else { return nil }
      let line = index < scenario.stepPositions.count ? scenario.stepPositions[index].line : nil
      return NotRunAssertion(step: index + 1, name: expectation.name, line: line, reason: reason)
    }
  }

  /// Whether the run's stream is needed: to write a golden, or to compare with one.
  private func capturesStream(_ scenario: Scenario, golden: String, _ mode: GoldenMode) -> Bool {
    switch mode {
    case .update: return !golden.isEmpty
    case .compare: return scenario.golden != nil || GoldenStream.exists(golden)
    }
  }

  /// The verdict on the golden: compared, written, refused or missing; none for a run that
  /// stopped at a step error when comparing (its error is the failure; half a stream is not
  /// worth a diff).
  private func judge(
    _ capture: StreamCapture, golden: String, check: ScenarioCheck, _ mode: GoldenMode
  ) -> GoldenVerdict? {
    switch mode {
    case .update(let force): return write(capture, golden: golden, check: check, force: force)
    case .compare(let ci):
      guard check.error == nil else { return nil }
      guard GoldenStream.exists(golden) else {
        guard !ci else { return .missing(golden) }
        return write(capture, golden: golden, check: check, force: false)
      }
      return compare(capture, golden: golden, file: check.file)
    }
  }

  /// Writes the golden of a run that finished and passed (or failed an expectation, with
  /// `force`); a run that could not finish never gets one.
  private func write(_ capture: StreamCapture, golden: String, check: ScenarioCheck, force: Bool)
    -> GoldenVerdict
  {
    guard check.error == nil else {
      return .refused(golden, "a step could not run, so the stream is not the scenario's")
    }
    let failed = check.cases.reduce(0) { $0 + $1.result.failures.count }
    guard failed == 0 || force else {
      return .refused(golden, "\(failed) statement(s) failed (--force writes it anyway)")
    }
    do {
      try GoldenStream.write(capture.text, to: golden, scenario: check.file)
      return .written(golden, events: capture.lineCount)
    } catch {
      return .broken(golden, "\(error)")
    }
  }

  private func compare(_ capture: StreamCapture, golden: String, file: String) -> GoldenVerdict {
    do {
      let expected = try GoldenStream.read(golden, ignoring: JSONLStream.lineNumberingFields)
      let actual = try JSONLStream(text: capture.text, name: "this run of \(file)")
      let diff = StreamDiff(expected: expected, actual: actual)
      guard !diff.isEqual else { return .matches(golden) }
      return .differs(golden, diff: diff.unified, regions: diff.hunks.count)
    } catch {
      return .broken(golden, "\(error)")
    }
  }

  /// Hands the stage's new events to the capture, or forgets them without making them (what a
  /// run that writes no stream needs).
  private func drain(_ stage: Stage, into capture: inout StreamCapture?) {
    if capture != nil {
      stage.drainEvents { capture?.append($0) }
    } else {
      _ = stage.drainBatch(keepingLast: 0)
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
