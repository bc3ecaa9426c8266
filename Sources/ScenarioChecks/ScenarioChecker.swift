import Foundation
import IVSRules
import InputKit
import JSONKit
import StageEngine

/// Runs test items headless, one step at a time so each assertion gets its own time, and
/// turns each into a `ScenarioCheck`. Kept apart from discovery (`TestCollection`), so what
/// runs is exactly what `--list` shows.
public struct ScenarioChecker {
  /// `-k TEXT`: runs only files whose path, or assertions whose name, contains it.
  public var keyword: String?
  /// Receives every event of a run, e.g. to write its golden (`stagemon test -u`).
  public var sink: (([StageEvent]) -> Void)?
  /// Today by the command's clock: the latest `asOf` a scenario may name (nil: unbounded).
  public var today: ServiceDate?
  /// `--as-of DATE`: the day every scenario tells, over its own `asOf`.
  public var asOf: ServiceDate?

  /// Creates a checker; no keyword selects everything.
  public init(keyword: String? = nil, sink: (([StageEvent]) -> Void)? = nil) {
    self.keyword = keyword
    self.sink = sink
  }

  /// A test item read: a scenario to run with the expect steps selected (numbers from 1), or
  /// a verdict already (missing, skipped, not loadable).
  public enum Loaded {
    /// Run it.
    case scenario(Scenario, selected: Set<Int>)
    /// Nothing to run.
    case settled(ScenarioCheck)
  }

  /// Whether the file that failed to load is JSON but not a scenario: an object without
  /// `participants` (a `package.json`, a key list). Read again only then, so loading
  /// scenarios costs one parse.
  static func isNotAScenario(_ path: String) -> Bool {
    guard let text = try? BoundedInput.text(atPath: path, limit: Scenario.maximumFileBytes),
      let members = (try? JSONParser.parse(text))?.objectValue
    else { return false }
    return !members.contains { $0.key == "participants" }
  }

  /// The scenario of `item` and the expect steps `keyword` selects (all when the file's path
  /// matches), or the check that ends it here: missing, skipped or not loadable. `nil` when
  /// the keyword selects nothing of it.
  public func load(_ item: TestItem) -> Loaded? {
    guard item.origin != .missing else {
      return .settled(
        ScenarioCheck(file: item.path, outcome: .error("\(item.path): no such file or folder", [])))
    }
    var scenario: Scenario
    do {
      scenario = try Scenario(contentsOfFile: item.path, today: today)
      scenario.asOf = asOf ?? scenario.asOf
    } catch {
      if item.origin == .found, Self.isNotAScenario(item.path) {
        if keyword.map({ !item.path.contains($0) }) ?? false { return nil }
        return .settled(
          ScenarioCheck(
            file: item.path, outcome: .skipped("not a scenario (no \"participants\")")))
      }
      if keyword.map({ !item.path.contains($0) }) ?? false { return nil }
      return .settled(ScenarioCheck(file: item.path, outcome: .error("\(error)", [])))
    }
    let expects = Set(
      scenario.steps.indices.filter { index in
        guard case .expect(let expectation) = scenario.steps[index] else { return false }
        guard let keyword, !item.path.contains(keyword) else { return true }
        return expectation.name.contains(keyword)
      }.map { $0 + 1 })
    if let keyword, !item.path.contains(keyword), expects.isEmpty { return nil }
    return .scenario(scenario, selected: expects)
  }

  /// Runs `item`; `nil` when `keyword` selects nothing of it.
  public func check(_ item: TestItem) -> ScenarioCheck? {
    guard let loaded = load(item) else { return nil }
    switch loaded {
    case .settled(let check): return check
    case .scenario(let scenario, let selected): return run(scenario, file: item.path, selected)
    }
  }

  /// Runs `scenario` to the end, timing each selected assertion.
  private func run(_ scenario: Scenario, file: String, _ selected: Set<Int>) -> ScenarioCheck {
    let clock = ContinuousClock()
    let start = clock.now
    var last = start
    var cases: [AssertionCase] = []
    var problem: String?
    do {
      let runner = try ScenarioRunner(scenario: scenario, file: file)
      drain(runner.stage)
      while !runner.isFinished {
        defer { drain(runner.stage) }
        let results = runner.expectationResults.count
        guard case .expect? = try runner.step() else { continue }
        let now = clock.now
        for result in runner.expectationResults[results...] where selected.contains(result.step) {
          cases.append(AssertionCase(result: result, seconds: Self.seconds(now - last)))
        }
        last = now
      }
    } catch {
      problem = "\(error)"
    }
    let seconds = Self.seconds(clock.now - start)
    let outcome: ScenarioCheck.Outcome = problem.map { .error($0, cases) } ?? .ran(cases)
    return ScenarioCheck(file: file, outcome: outcome, seconds: seconds)
  }

  /// Hands the stage's new events to `sink`, or forgets them without making them (what a run
  /// that writes no stream needs).
  private func drain(_ stage: Stage) {
    if let sink {
      stage.drainEvents(sink)
    } else {
      _ = stage.drainBatch(keepingLast: 0)
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
