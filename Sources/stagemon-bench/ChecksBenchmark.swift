import Foundation
import InputKit
import ScenarioChecks
import StageEngine
import StreamCompare

/// `stagemon test` on 1,000 scenario files of the bundled kinds, each with its golden,
/// against what `stagemon run FILE --check --compare GOLDEN` does for each of them, side by
/// side in one process (target: test ≤ 1.2× the sum of those runs), and `stagemon test
/// --list` of 10,000 files in nested folders (target ≤ 1 s).
enum ChecksBenchmark {
  static let target = 1.2
  static let listTarget = 1000.0

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
    print(
      "stagemon test vs run --check --compare, \(files.count) scenario files with goldens,"
        + " 2 passes paired per file")
    print("  sum of run --check --compare  \(String(format: "%.2f", base / 2e9)) s per pass")
    print("  stagemon test                 \(String(format: "%.2f", test / 2e9)) s per pass")
    BenchmarkHarness.report(
      "  test / sum of run --check --compare", String(format: "%.3f", ratio),
      target: "≤ \(target)", met: ratio <= target)
    // Side by side, alternating, so both see the same load: the listing as `--list` does it and
    // as a full load of every file would (the baseline: what a run reads before it starts).
    var listed = (outline: 0, loaded: 0)
    var listing: (outline: [Double], loaded: [Double]) = ([], [])
    var processor: [Double] = []
    for _ in 0..<3 {
      let cpu = BenchmarkHarness.cpuSeconds()
      listing.outline.append(
        BenchmarkHarness.nanoseconds { listed.outline = list(root + "/find") } / 1e6)
      processor.append((BenchmarkHarness.cpuSeconds() - cpu) * 1e3)
      listing.loaded.append(
        BenchmarkHarness.nanoseconds { listed.loaded = listByLoading(root + "/find") } / 1e6)
    }
    let milliseconds = BenchmarkHarness.median(listing.outline)
    let baseline = BenchmarkHarness.median(listing.loaded)
    print(
      "  --list reading every file whole (baseline)  \(String(format: "%.1f", baseline)) ms,"
        + " \(listed.loaded) lines")
    BenchmarkHarness.report(
      "  --list of 10,000 files, \(listed.outline) lines (ms)",
      String(format: "%.1f (%.2fx the baseline)", milliseconds, milliseconds / baseline),
      target: "≤ \(Int(listTarget))", met: milliseconds <= listTarget)
    // One thread: on a free core the wall time is the processor time; on a shared machine the
    // wall time also holds the waits for a core.
    print(
      "  --list processor time                       "
        + String(format: "%.1f ms", BenchmarkHarness.median(processor)))
    return ratio <= target && milliseconds <= listTarget && listed.outline == listed.loaded
  }

  /// What `stagemon test FOLDER --list` does: collect, read each file's assertions, one line
  /// per assertion; the number of lines.
  private static func list(_ folder: String) -> Int {
    let checker = ScenarioChecker()
    var lines = 0
    for item in TestCollection.collect([folder]) {
      switch checker.outline(item) {
      case nil: continue
      case .settled(let check): lines += TestReport.lines(for: check).count
      case .assertions(let steps): lines += TestReport.listing(file: item.path, steps: steps).count
      }
    }
    return lines
  }

  /// The same listing from a full load of each file (as a run loads it): the baseline.
  private static func listByLoading(_ folder: String) -> Int {
    let checker = ScenarioChecker()
    var lines = 0
    for item in TestCollection.collect([folder]) {
      switch checker.load(item) {
      case nil: continue
      case .settled(let check): lines += TestReport.lines(for: check).count
      case .scenario(let scenario, let selected):
        let steps = selected.sorted().compactMap { number -> (step: Int, name: String)? in
          guard case .expect(let expectation) = scenario.steps[number - 1] else { return nil }
          return (number, expectation.name)
        }
        lines += TestReport.listing(file: item.path, steps: steps).count
      }
    }
    return lines
  }

  /// `count` copies of `files` in folders of 100 under `folder`, each with its golden in
  /// `expected/` beside it; their paths.
  private static func copies(of files: [String], count: Int, under folder: String) -> [String]? {
    var texts: [(scenario: String, golden: String)] = []
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8),
        let golden = try? String(
          contentsOfFile: GoldenStream.defaultPath(for: file), encoding: .utf8)
      else { return nil }
      texts.append((text, golden))
    }
    var paths: [String] = []
    for index in 0..<count {
      let sub = "\(folder)/\(index / 100)/\(index % 10)"
      let path = "\(sub)/s\(index).json"
      do {
        try FileManager.default.createDirectory(
          atPath: sub + "/expected", withIntermediateDirectories: true)
        try SafeFile.write(texts[index % texts.count].scenario, to: path)
        try SafeFile.write(
          texts[index % texts.count].golden, to: GoldenStream.defaultPath(for: path))
      } catch {
        return nil
      }
      paths.append(path)
    }
    return paths
  }

  /// Nanoseconds of `stagemon run FILE --check --compare GOLDEN` for each file under `folder`
  /// summed, and of `stagemon test FOLDER --junit` (discovery, every check, its golden
  /// compared, its report lines, the summary and the JUnit XML), the two timed file by file
  /// in alternating order.
  private static func pairedSums(_ folder: String, _ fd: Int32) -> (base: Double, test: Double) {
    var base = 0.0
    var test = 0.0
    var items: [TestItem] = []
    test += BenchmarkHarness.nanoseconds { items = TestCollection.collect([folder]) }
    let checker = ScenarioChecker(goldens: .compare(ci: true))
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
    let compared = checks.count { if case .matches? = $0.golden { true } else { false } }
    return (base, lines > 0 && compared == items.count ? test : .infinity)
  }

  /// What `stagemon run FILE --check --compare GOLDEN` does: load the scenario and its
  /// golden, run writing nothing but capturing JSONL, list the failed statements, compare.
  private static func runCheck(_ file: String, to fd: Int32) {
    guard let scenario = try? Scenario(contentsOfFile: file),
      let golden = try? GoldenStream.read(
        GoldenStream.path(of: scenario, file: file), ignoring: JSONLStream.lineNumberingFields),
      let runner = try? ScenarioRunner(scenario: scenario, file: file)
    else { return }
    let writer = EventStreamWriter(format: .jsonl, fileDescriptor: fd)
    var capture = StreamCapture()
    try? runner.run {
      writer.write($0)
      capture.append($0)
    }
    try? writer.flush()
    for failure in runner.expectationFailures { _ = failure.located(in: file) }
    guard let actual = try? JSONLStream(text: capture.text, name: "this run of \(file)") else {
      return
    }
    _ = StreamDiff(expected: golden, actual: actual).isEqual
  }
}
