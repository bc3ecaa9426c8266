import Foundation
import InputKit
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
    // Paired file by file, in alternating order, so the load of a shared machine falls on
    // both sides alike: the sum of each file's `run --check` time against `stagemon test`'s
    // time for the same files, discovery and reports included.
    var base = 0.0
    var test = 0.0
    for _ in 0..<2 {
      let sums = pairedSums(root + "/run", devNull)
      base += sums.base
      test += sums.test
    }
    let ratio = test / base
    print("stagemon test vs run --check, \(files.count) scenario files, 2 passes paired per file")
    print("  sum of run --check times  \(String(format: "%.2f", base / 2e9)) s per pass")
    print("  stagemon test             \(String(format: "%.2f", test / 2e9)) s per pass")
    BenchmarkHarness.report(
      "  test / sum of run --check", String(format: "%.3f", ratio), target: "≤ \(target)",
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
        try SafeFile.write(texts[index % texts.count], to: path)
      } catch {
        return nil
      }
      paths.append(path)
    }
    return paths
  }

  /// Nanoseconds of `stagemon run FILE --check` for each file under `folder` summed, and of
  /// `stagemon test FOLDER --junit` (discovery, every check and its report lines, the
  /// summary and the JUnit XML), the two timed file by file in alternating order.
  private static func pairedSums(_ folder: String, _ fd: Int32) -> (base: Double, test: Double) {
    var base = 0.0
    var test = 0.0
    var items: [TestItem] = []
    test += BenchmarkHarness.nanoseconds { items = TestCollection.collect([folder]) }
    let checker = ScenarioChecker()
    var checks: [ScenarioCheck] = []
    var lines = 0
    for (index, item) in items.enumerated() {
      let timeBase = { base += BenchmarkHarness.nanoseconds { runCheck(item.path, to: fd) } }
      let timeTest = {
        test += BenchmarkHarness.nanoseconds {
          guard let check = checker.check(item) else { return }
          lines += TestReport.lines(for: check).count
          checks.append(check)
        }
      }
      if index % 2 == 0 {
        timeBase()
        timeTest()
      } else {
        timeTest()
        timeBase()
      }
    }
    test += BenchmarkHarness.nanoseconds {
      lines += TestReport.summary(checks).count + JUnitReport.xml(checks).count
    }
    return (base, lines > 0 ? test : .infinity)
  }

  /// What `stagemon run FILE --check` does: load, run writing JSONL to /dev/null, list the
  /// failed statements.
  private static func runCheck(_ file: String, to fd: Int32) {
    guard let scenario = try? Scenario(contentsOfFile: file),
      let runner = try? ScenarioRunner(scenario: scenario, file: file)
    else { return }
    let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
    try? runner.run { writer.write($0) }
    try? writer.flush()
    for failure in runner.expectationFailures { _ = failure.located(in: file) }
  }
}
