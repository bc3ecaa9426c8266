/// The plain-text report of `stagemon test`: one line per file, one per failed statement
/// (`FILE:LINE:COLUMN: step N: …`, the form editors link to), a golden's diff, every
/// assertion with `verbose`, and the closing `N passed, N failed (F files)` that scripts and
/// people read first — counting assertions, as pytest counts tests.
public enum TestReport {
  /// The lines for one file's verdict.
  public static func lines(for check: ScenarioCheck, verbose: Bool = false) -> [String] {
    let head: String
    switch check.outcome {
    case .skipped(let reason): return ["skipped \(check.file): \(reason)"]
    case .error(let message, _):
      let notRun =
        check.notRun.isEmpty ? "" : " (\(count(check.notRun.count, "assertion")) not run)"
      head = "ERROR \(message)\(notRun)" + (check.golden.map { "; \(summary(of: $0))" } ?? "")
    case .ran(let cases):
      let failed = cases.count { !$0.passed }
      var parts = [
        failed == 0
          ? count(cases.count, "assertion")
          : "\(failed) of \(count(cases.count, "assertion")) failed"
      ]
      if let golden = check.golden { parts.append(summary(of: golden)) }
      head = "\(check.passed ? "ok   " : "FAIL ") \(check.file) (\(parts.joined(separator: "; ")))"
    }
    var lines = [head]
    for assertion in check.cases where verbose || !assertion.passed {
      if verbose { lines.append("      \(assertion.passed ? "ok  " : "FAIL") \(name(assertion))") }
      lines += assertion.result.failures.map { "      \($0.located(in: check.file))" }
    }
    if verbose {
      lines += check.notRun.map { "      skip step \($0.step): \($0.name) — \($0.reason)" }
    }
    if case .differs(_, let diff, _)? = check.golden {
      lines += diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
        "      \($0)"
      }
    }
    return lines
  }

  /// What became of the golden, for the file's line.
  static func summary(of golden: GoldenVerdict) -> String {
    switch golden {
    case .matches(let path): return "stream matches \(path)"
    case .differs(let path, _, let regions):
      return "stream differs from \(path) in \(count(regions, "region"))"
    case .missing(let path):
      return "no golden \(path): --ci writes none; write it with stagemon test -u"
    case .broken(let path, let problem): return "golden \(path): \(problem)"
    case .written(let path, let events): return "wrote \(path) (\(events) events)"
    case .refused(let path, let reason): return "not writing \(path): \(reason)"
    }
  }

  /// `step 7: participant guest publish=published`: the case's name within its file.
  public static func name(_ assertion: AssertionCase) -> String {
    "step \(assertion.result.step): \(assertion.result.name)"
  }

  /// `N passed, N failed (F files)`: assertions and goldens compared (an error counts as one
  /// failed), then the files that ran, those skipped, and those `-x` left unrun.
  public static func summary(_ checks: [ScenarioCheck], notRun: Int = 0) -> String {
    let passed = checks.reduce(0) { $0 + $1.passedCount }
    let failed = checks.reduce(0) { $0 + $1.failedCount }
    let skipped = checks.count(where: \.isSkipped)
    var parts = [count(checks.count - skipped, "file")]
    if skipped > 0 { parts.append("\(skipped) skipped") }
    if notRun > 0 { parts.append("\(count(notRun, "file")) not run after the first failure (-x)") }
    return "\(passed) passed, \(failed) failed (\(parts.joined(separator: ", ")))"
  }

  /// `FILE::step N: name` per assertion `--list` shows (pytest's `--collect-only -q`).
  public static func listing(file: String, steps: [(step: Int, name: String)]) -> [String] {
    steps.map { "\(file)::step \($0.step): \($0.name)" }
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
