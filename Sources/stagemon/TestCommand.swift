import Foundation
import IVSRules
import InputKit
import ScenarioChecks
import StageEngine

/// `stagemon test [PATH…]`: finds every scenario under the paths (as pytest finds tests),
/// runs it headless and reports each `expect` step as one test — the QA and CI entry point.
enum TestCommand {
  static let help = """
    USAGE: stagemon test [PATH...] [-k TEXT] [-x] [--list] [-v] [--junit FILE]
           stagemon test [PATH...] -u [--force]

    Finds the scenario files under each PATH (default: Scenarios/): a file named is
    run; a folder is searched recursively for *.json files (hidden folders left
    out), and a .json file that is not a scenario (no "participants") is skipped
    with a note. Each runs headless; every `expect` step is one test case. Prints
    one line per file and one per failed statement (FILE:LINE:COLUMN: step N: …),
    then `N passed, N failed (F files)`, counting assertions (a file that cannot
    load or run, or a PATH that does not exist, counts as one failed case).

    OPTIONS:
      -k TEXT         run only files whose path, or assertions whose name (its
                      description or what it checks), contains TEXT
      -x, --fail-fast stop after the first file with a failure or error
      --list          list the assertions that would run (FILE::step N: name); run nothing
      -v, --verbose   also list every assertion that passed
      --junit FILE    also write JUnit XML to FILE: a testsuite per file, a testcase
                      per assertion (with time, file and line)
      -u, --update-golden
                      write each passing scenario's JSONL stream to its golden file,
                      expected/NAME.jsonl beside it; a scenario whose expectations
                      fail gets no golden (exit 1) unless --force
      --force         with -u: write goldens even for failing scenarios
      --as-of DATE    run every scenario as IVS behaved on DATE (YYYY-MM-DD), over
                      its own "asOf"
      -h, --help      show this help

    Exit status: 0 every assertion passed, 1 any failed, a file could not load or
    run, a PATH does not exist, or nothing was found; 2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let items = TestCollection.collect(options.paths)
    guard !items.isEmpty else { return nothingFound(options) }
    if options.list { return list(items, options) }
    let checks = runAll(items, options)
    guard !checks.isEmpty else { return nothingFound(options) }
    Console.out(TestReport.summary(checks))
    if let junit = options.junit {
      do {
        try SafeFile.write(
          JUnitReport.xml(checks), to: junit, replacing: true, sparing: items.map(\.path))
      } catch {
        Console.error("stagemon: \(error)")
        return .invalid
      }
    }
    let ran = checks.filter { !$0.isSkipped }
    guard !ran.isEmpty else { return nothingFound(options) }
    return ran.allSatisfy(\.passed) ? .success : .invalid
  }

  /// Nothing to run is an error, as a test run that tests nothing proves nothing.
  private static func nothingFound(_ options: Options) -> ExitStatus {
    let matching = options.keyword.map { " matching -k \(Excerpt.quoted($0))" } ?? ""
    Console.error(
      "stagemon: no scenarios under \(options.paths.joined(separator: ", "))\(matching)")
    return .invalid
  }

  /// Runs every item in order, printing each verdict as it comes; `-x` stops at the first
  /// failure, `-u` writes goldens.
  private static func runAll(_ items: [TestItem], _ options: Options) -> [ScenarioCheck] {
    var checks: [ScenarioCheck] = []
    for item in items {
      var capture = options.updateGolden ? StreamCapture() : nil
      var checker = options.checker
      if capture != nil { checker.sink = { capture?.append($0) } }
      guard var check = checker.check(item) else { continue }
      if let stream = capture, !check.isSkipped, check.error == nil,
        let problem = updateGolden(stream, for: check, options)
      {
        check = ScenarioCheck(
          file: check.file, outcome: .error(problem, check.cases), seconds: check.seconds)
      }
      for line in TestReport.lines(for: check, verbose: options.verbose) { Console.out(line) }
      checks.append(check)
      if options.failFast, !check.passed { break }
    }
    return checks
  }

  /// Writes the golden of a scenario that passed (or any, with `--force`); the reason it did
  /// not, when writing failed.
  private static func updateGolden(
    _ capture: StreamCapture, for check: ScenarioCheck, _ options: Options
  ) -> String? {
    let golden = GoldenStream.defaultPath(for: check.file)
    guard check.passed || options.force else {
      Console.error(
        "\(check.file): not writing \(golden): \(check.failures.count) statement(s) failed"
          + " (--force writes it anyway)")
      return nil
    }
    do {
      try GoldenStream.write(capture.text, to: golden, scenario: check.file)
      Console.error("wrote \(golden) (\(capture.lineCount) events)")
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// `--list`: every assertion that would run, as `FILE::step N: name`; files that cannot
  /// load are listed as errors.
  private static func list(_ items: [TestItem], _ options: Options) -> ExitStatus {
    let checker = options.checker
    var status = ExitStatus.success
    for item in items {
      switch checker.load(item) {
      case nil: continue
      case .settled(let check):
        for line in TestReport.lines(for: check) { Console.out(line) }
        if check.error != nil { status = .invalid }
      case .scenario(let scenario, let selected):
        let steps = selected.sorted().compactMap { number -> (step: Int, name: String)? in
          guard case .expect(let expectation) = scenario.steps[number - 1] else { return nil }
          return (number, expectation.name)
        }
        for line in TestReport.listing(file: item.path, steps: steps) { Console.out(line) }
      }
    }
    return status
  }

  /// The parsed command line of `test`.
  struct Options: CommandOptions {
    let paths: [String]
    let junit: String?
    let keyword: String?
    let failFast: Bool
    let list: Bool
    let verbose: Bool
    let updateGolden: Bool
    let force: Bool
    /// `--as-of DATE`: the day every scenario tells, over its own `asOf`.
    let asOf: ServiceDate?

    /// A checker for these options: the keyword, today and `--as-of`.
    var checker: ScenarioChecker {
      var checker = ScenarioChecker(keyword: keyword)
      checker.today = AsOfOption.today
      checker.asOf = asOf
      return checker
    }

    init(_ arguments: inout Arguments) throws(UsageError) {
      junit = try arguments.option("--junit")
      keyword = try arguments.option("-k")
      failFast = arguments.flag("--fail-fast", "-x")
      list = arguments.flag("--list")
      verbose = arguments.flag("--verbose", "-v")
      updateGolden = arguments.flag("--update-golden", "-u")
      force = arguments.flag("--force")
      asOf = try AsOfOption.parse(&arguments)
      var paths: [String] = []
      while let path = arguments.positional() { paths.append(path) }
      try arguments.finish()
      guard !force || updateGolden else { throw UsageError("--force goes with -u/--update-golden") }
      self.paths = paths.isEmpty ? ["Scenarios"] : paths
    }
  }
}
