import Foundation
import IVSRules
import InputKit
import ScenarioChecks
import StageEngine

/// `stagemon test [PATH…]`: finds every scenario under the paths (as pytest finds tests),
/// runs it headless, reports each `expect` step as one test and compares each run with its
/// golden stream (as jest compares snapshots) — the QA and CI entry point.
enum TestCommand {
  static let help = """
    USAGE: stagemon test [PATH...] [-k EXPRESSION] [-x] [--list] [-v] [--junit FILE] [--ci]
           stagemon test [PATH...] -u [--force]

    Finds the scenario files under each PATH (default: Scenarios/): a file named is
    run (once, however often it is named); a folder is searched recursively for
    *.json files (hidden folders left out), and a .json file that is not a scenario
    (no "participants", a JSON array, JSON with comments) is skipped with a note.
    Each runs headless; every `expect` step is one test case, and a scenario with a
    golden stream (the "golden" it names, else expected/NAME.jsonl beside it) is
    compared with it, seq ignored: a difference is a failure with its diff. Prints
    one line per file and one per failed statement (FILE:LINE:COLUMN: step N: …),
    then `N passed, N failed (F files)`, counting assertions and goldens compared
    (a file that cannot load or run, or a PATH that does not exist, counts as one
    failed case).

    OPTIONS:
      -k EXPRESSION   run only files whose path, or assertions whose name (its
                      description or what it checks), match: words matched as
                      substrings ignoring case, with not, and, or, ( )
      -x, --fail-fast stop after the first file with a failure or error
      --list          list the assertions that would run (FILE::step N: name); run nothing
      -v, --verbose   also list every assertion that passed
      --junit FILE    also write JUnit XML to FILE (Jenkins junit-10.xsd): a testsuite
                      per file, a testcase per assertion (with time, file and line)
      --ci            never write a golden: one a scenario names that is missing is
                      a failure (without --ci it is written after a passing run)
      -u, --update-golden
                      write each passing scenario's JSONL stream to its golden file
                      instead of comparing; a scenario whose expectations fail gets
                      no golden unless --force, one whose run stops at a step error
                      never does
      --force         with -u: write goldens for failing scenarios too (the exit
                      status still says they failed)
      --as-of DATE    run every scenario as IVS behaved on DATE (YYYY-MM-DD), over
                      its own "asOf"
      -h, --help      show this help

    Exit status: 0 every assertion passed and every golden matched; 1 any failed,
    a file could not load or run, or a PATH does not exist; 2 usage error; 5
    nothing was collected (as pytest).
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let items = TestCollection.collect(options.paths)
    guard !items.isEmpty else { return nothingFound(options) }
    if options.list { return list(items, options) }
    let (checks, notRun) = runAll(items, options)
    let ran = checks.filter { !$0.isSkipped }
    guard !ran.isEmpty else { return nothingFound(options) }
    Console.out(TestReport.summary(checks, notRun: notRun))
    if let junit = options.junit {
      do {
        try SafeFile.write(
          JUnitReport.xml(checks), to: junit, replacing: true, sparing: items.map(\.path))
      } catch {
        Console.error("stagemon: \(error)")
        return .invalid
      }
    }
    return ran.allSatisfy(\.passed) ? .success : .invalid
  }

  /// Nothing collected is not a pass, as a test run that tests nothing proves nothing:
  /// exit 5, pytest's "no tests collected".
  private static func nothingFound(_ options: Options) -> ExitStatus {
    let matching = options.keywordText.map { " matching -k \(Excerpt.quoted($0))" } ?? ""
    Console.error(
      "stagemon: no scenarios under \(options.paths.joined(separator: ", "))\(matching)")
    return .noTests
  }

  /// Runs every item in order, printing each verdict as it comes; `-x` stops at the first
  /// failure and counts the files it leaves unrun.
  private static func runAll(_ items: [TestItem], _ options: Options) -> (
    checks: [ScenarioCheck], notRun: Int
  ) {
    let checker = options.checker
    var checks: [ScenarioCheck] = []
    for (index, item) in items.enumerated() {
      guard let check = checker.check(item) else { continue }
      for line in TestReport.lines(for: check, verbose: options.verbose) { Console.out(line) }
      checks.append(check)
      if options.failFast, !check.passed {
        let unrun = items[(index + 1)...].count { checker.outline($0) != nil }
        return (checks, unrun)
      }
    }
    return (checks, 0)
  }

  /// `--list`: every assertion that would run, as `FILE::step N: name`, each file read only as
  /// far as its assertions (`ScenarioChecker.outline`); files whose assertions cannot be read
  /// are listed as errors, files that are not scenarios as skipped. Nothing selected exits 5, as pytest's `--collect-only`.
  private static func list(_ items: [TestItem], _ options: Options) -> ExitStatus {
    let checker = options.checker
    var status = ExitStatus.success
    var listed = 0
    for item in items {
      switch checker.outline(item) {
      case nil: continue
      case .settled(let check):
        for line in TestReport.lines(for: check) { Console.out(line) }
        if check.error != nil { status = .invalid }
        if !check.isSkipped { listed += 1 }
      case .assertions(let steps):
        for line in TestReport.listing(file: item.path, steps: steps) { Console.out(line) }
        listed += 1
      }
    }
    return listed == 0 ? nothingFound(options) : status
  }

  /// The parsed command line of `test`.
  struct Options: CommandOptions {
    let paths: [String]
    let junit: String?
    let keywordText: String?
    let keyword: KeywordExpression?
    let failFast: Bool
    let list: Bool
    let verbose: Bool
    let goldens: ScenarioChecker.GoldenMode
    /// `--as-of DATE`: the day every scenario tells, over its own `asOf`.
    let asOf: ServiceDate?

    /// A checker for these options: the keyword, goldens, today and `--as-of`.
    var checker: ScenarioChecker {
      var checker = ScenarioChecker(keyword: keyword, goldens: goldens)
      checker.today = AsOfOption.today
      checker.asOf = asOf
      return checker
    }

    init(_ arguments: inout Arguments) throws(UsageError) {
      junit = try arguments.option("--junit")
      keywordText = try arguments.option("-k")
      failFast = arguments.flag("--fail-fast", "-x")
      list = arguments.flag("--list")
      verbose = arguments.flag("--verbose", "-v")
      let update = arguments.flag("--update-golden", "-u")
      let force = arguments.flag("--force")
      let ci = arguments.flag("--ci")
      asOf = try AsOfOption.parse(&arguments)
      var paths: [String] = []
      while let path = arguments.positional() { paths.append(path) }
      try arguments.finish()
      guard !force || update else { throw UsageError("--force goes with -u/--update-golden") }
      guard !(ci && update) else { throw UsageError("--ci never writes goldens; -u writes them") }
      do {
        keyword = try keywordText.map { text throws(KeywordError) in
          try KeywordExpression(parsing: text)
        }
      } catch {
        throw UsageError("\(error)")
      }
      goldens = update ? .update(force: force) : .compare(ci: ci)
      self.paths = paths.isEmpty ? ["Scenarios"] : paths
    }
  }
}
