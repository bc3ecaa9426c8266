import Foundation
import InputKit
import ScenarioChecks

/// `stagemon test [PATH…] [--junit FILE]`: runs every scenario found and
/// reports which proved what they claim — the QA and CI entry point.
enum TestCommand {
  static let help = """
    USAGE: stagemon test [PATH...] [--junit FILE]

    Runs every scenario file found (a folder's *.json files; default: Scenarios/)
    headless and checks its `expect` steps. Prints one line per file and one per
    failed expectation, then `N passed, N failed`. A scenario that cannot load
    or run to the end fails too.

    OPTIONS:
      --junit FILE   also write the results as JUnit XML to FILE (for CI)
      -h, --help     show this help

    Exit status: 0 every scenario passed, 1 any failed or a PATH does not exist,
    2 usage error.
    """

  static func run(_ words: [String]) -> ExitStatus {
    var status = ExitStatus.success
    guard let options: Options = Arguments.parse(words, help: help, status: &status) else {
      return status
    }
    let files: [String]
    do {
      files = try ScenarioFiles.find(options.paths)
    } catch {
      Console.error("stagemon: \(error)")
      return .invalid
    }
    var checks: [ScenarioCheck] = []
    for file in files {
      let check = ScenarioCheck(file: file)
      for line in TestReport.lines(for: check) { Console.out(line) }
      checks.append(check)
    }
    Console.out(TestReport.summary(checks))
    if let junit = options.junit {
      do {
        try SafeFile.write(JUnitReport.xml(checks), to: junit, replacing: true, sparing: files)
      } catch {
        Console.error("stagemon: \(error)")
        return .invalid
      }
    }
    return checks.allSatisfy(\.passed) ? .success : .invalid
  }

  /// The parsed command line of `test`.
  struct Options: CommandOptions {
    let paths: [String]
    let junit: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
      junit = try arguments.option("--junit")
      var paths: [String] = []
      while let path = arguments.positional() { paths.append(path) }
      try arguments.finish()
      self.paths = paths.isEmpty ? ["Scenarios"] : paths
    }
  }
}
