import Foundation
import ScenarioChecks
import StageEngine

/// `stagemon test` over the bundled scenarios against running the same files
/// the way `stagemon run FILE --headless --format jsonl > /dev/null` does, side
/// by side in one process. Checking expectations must not make a scenario
/// notably dearer to run than streaming it (target: test / run ≤ 1.2).
enum ChecksBenchmark {
  static let target = 1.2

  /// Runs the benchmark from the repository root; prints a report and returns whether it met the target.
  static func run() -> Bool {
    let files: [String]
    do {
      files = try ScenarioFiles.find(["Scenarios"])
    } catch {
      print("checks benchmark: \(error) (run it from the repository root)")
      return false
    }
    let devNull = open("/dev/null", O_WRONLY)
    guard devNull >= 0, !files.isEmpty else {
      print("checks benchmark: no scenarios or no /dev/null")
      return false
    }
    defer { close(devNull) }
    let rates = BenchmarkHarness.compare(
      rounds: 7, roundSeconds: 0.5,
      baseline: { streamAll(files, to: devNull) },
      candidate: { testAll(files) })
    let ratio = rates.baseline / rates.candidate
    print(
      "stagemon test vs stagemon run --headless, \(files.count) bundled scenarios per pass (median of 7)"
    )
    print(
      "  run --headless > /dev/null (baseline)  \(String(format: "%.1f", rates.baseline)) passes/s")
    print(
      "  stagemon test                          \(String(format: "%.1f", rates.candidate)) passes/s"
    )
    BenchmarkHarness.report(
      "  test / run time", String(format: "%.2f", ratio), target: "≤ \(target)",
      met: ratio <= target)
    return ratio <= target
  }

  /// What `stagemon run FILE --headless` does for each file; returns 1 pass.
  private static func streamAll(_ files: [String], to fd: Int32) -> Int {
    for file in files {
      guard let scenario = try? Scenario(contentsOfFile: file),
        let runner = try? ScenarioRunner(scenario: scenario, file: file)
      else { continue }
      let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
      try? runner.run { writer.write($0) }
      try? writer.flush()
    }
    return 1
  }

  /// What `stagemon test` does: check every file and build its report lines; returns 1 pass.
  private static func testAll(_ files: [String]) -> Int {
    var lines = 0
    var checks: [ScenarioCheck] = []
    for file in files {
      let check = ScenarioCheck(file: file)
      lines += TestReport.lines(for: check).count
      checks.append(check)
    }
    lines += TestReport.summary(checks).isEmpty ? 0 : 1
    return lines > 0 ? 1 : 0
  }
}
