import Foundation
import ScenarioChecks
import StageEngine

/// `stagemon test` on 1,000 scenario files of the bundled kinds against what
/// `stagemon run FILE --check` does for each of them, side by side in one process
/// (target: test ≤ 1.1× the sum of the `run --check` times), and discovery alone on
/// 10,000 files in nested folders (target ≤ 200 ms).
enum ChecksBenchmark {
  static let target = 1.1
  static let discoveryTarget = 200.0

  /// Runs the benchmark from the repository root; prints a report and returns whether it met
  /// both targets.
  static func run() -> Bool {
    let bundled = TestCollection.collect(["Scenarios"]).map(\.path)
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-checks-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    guard !bundled.isEmpty, let files = copies(of: bundled, count: 1000, under: root + "/run"),
      copies(of: bundled, count: 10_000, under: root + "/find") != nil
    else {
      print("checks benchmark: cannot copy Scenarios/ (run it from the repository root)")
      return false
    }
    let devNull = open("/dev/null", O_WRONLY)
    guard devNull >= 0 else { return false }
    defer { close(devNull) }
    let rates = BenchmarkHarness.compare(
      rounds: 3, roundSeconds: 0.1,
      baseline: { checkAll(files, to: devNull) },
      candidate: { testAll(root + "/run") })
    let ratio = rates.baseline / rates.candidate
    print("stagemon test vs run --check, \(files.count) scenario files per pass (median of 3)")
    print("  run --check each (baseline)  \(String(format: "%.2f", rates.baseline)) passes/s")
    print("  stagemon test                \(String(format: "%.2f", rates.candidate)) passes/s")
    BenchmarkHarness.report(
      "  test / run --check time", String(format: "%.2f", ratio), target: "≤ \(target)",
      met: ratio <= target)
    var found = 0
    let discovery = (0..<5).map { _ in
      BenchmarkHarness.nanoseconds { found = TestCollection.collect([root + "/find"]).count } / 1e6
    }
    let milliseconds = BenchmarkHarness.median(discovery)
    BenchmarkHarness.report(
      "  discovery of \(found) files (ms)", String(format: "%.1f", milliseconds),
      target: "≤ \(Int(discoveryTarget))", met: milliseconds <= discoveryTarget)
    return ratio <= target && milliseconds <= discoveryTarget
  }

  /// `count` copies of `files` in folders of 100 under `folder`; their paths.
  private static func copies(of files: [String], count: Int, under folder: String) -> [String]? {
    var texts: [String] = []
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
      texts.append(text)
    }
    var paths: [String] = []
    for index in 0..<count {
      let sub = "\(folder)/\(index / 100)/\(index % 10)"
      let path = "\(sub)/s\(index).json"
      do {
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        try texts[index % texts.count].write(toFile: path, atomically: false, encoding: .utf8)
      } catch {
        return nil
      }
      paths.append(path)
    }
    return paths
  }

  /// What `stagemon run FILE --check` does for each file: load, run writing JSONL to
  /// /dev/null, list the failed statements; returns 1 pass.
  private static func checkAll(_ files: [String], to fd: Int32) -> Int {
    var failures = 0
    for file in files {
      guard let scenario = try? Scenario(contentsOfFile: file),
        let runner = try? ScenarioRunner(scenario: scenario, file: file)
      else { continue }
      let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
      try? runner.run { writer.write($0) }
      try? writer.flush()
      failures += runner.expectationFailures.map { $0.located(in: file) }.count
    }
    return failures >= 0 ? 1 : 0
  }

  /// What `stagemon test FOLDER --junit` does: discover, check every file, build the report
  /// lines and the JUnit XML; returns 1 pass.
  private static func testAll(_ folder: String) -> Int {
    var lines = 0
    var checks: [ScenarioCheck] = []
    let checker = ScenarioChecker()
    for item in TestCollection.collect([folder]) {
      guard let check = checker.check(item) else { continue }
      lines += TestReport.lines(for: check).count
      checks.append(check)
    }
    lines += TestReport.summary(checks).isEmpty ? 0 : 1
    return lines > 0 && !JUnitReport.xml(checks).isEmpty ? 1 : 0
  }
}
