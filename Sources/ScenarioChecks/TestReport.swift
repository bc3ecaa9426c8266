/// The plain-text report of `stagemon test`: one line per file, one per failed statement
/// (`FILE:LINE:COLUMN: step N: …`, the form editors link to), every assertion with
/// `verbose`, and the closing `N passed, N failed (F files)` that scripts and people read
/// first — counting assertions, as pytest counts tests.
public enum TestReport {
  /// The lines for one file's verdict.
  public static func lines(for check: ScenarioCheck, verbose: Bool = false) -> [String] {
    let head: String
    switch check.outcome {
    case .skipped(let reason): return ["skipped \(check.file): \(reason)"]
    case .error(let message, _): head = "ERROR \(message)"
    case .ran(let cases):
      let failed = cases.count { !$0.passed }
      let counted = count(cases.count, "assertion")
      head =
        failed == 0
        ? "ok    \(check.file) (\(counted))"
        : "FAIL  \(check.file) (\(failed) of \(counted) failed)"
    }
    var lines = [head]
    for assertion in check.cases where verbose || !assertion.passed {
      if verbose { lines.append("      \(assertion.passed ? "ok  " : "FAIL") \(name(assertion))") }
      lines += assertion.result.failures.map { "      \($0.located(in: check.file))" }
    }
    return lines
  }

  /// `step 7: participant guest publish=published`: the case's name within its file.
  public static func name(_ assertion: AssertionCase) -> String {
    "step \(assertion.result.step): \(assertion.result.name)"
  }

  /// `N passed, N failed (F files)`: assertions (an error counts as one failed), then the
  /// files that ran, and those skipped when there are any.
  public static func summary(_ checks: [ScenarioCheck]) -> String {
    let passed = checks.reduce(0) { $0 + $1.passedCount }
    let failed = checks.reduce(0) { $0 + $1.failedCount }
    let skipped = checks.count(where: \.isSkipped)
    let files = count(checks.count - skipped, "file")
    return
      "\(passed) passed, \(failed) failed (\(files)\(skipped > 0 ? ", \(skipped) skipped" : ""))"
  }

  /// `FILE::step N: name` per assertion `--list` shows (pytest's `--collect-only -q`).
  public static func listing(file: String, steps: [(step: Int, name: String)]) -> [String] {
    steps.map { "\(file)::step \($0.step): \($0.name)" }
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
