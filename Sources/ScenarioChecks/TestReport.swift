/// The plain-text report of `stagemon test`: one line per file, one per failed
/// expectation, and the closing `N passed, N failed` that scripts and people
/// read first.
public enum TestReport {
  /// The lines for one file's verdict.
  public static func lines(for check: ScenarioCheck) -> [String] {
    if let error = check.error {
      return ["FAIL  \(check.file): \(error)"] + failureLines(check)
    }
    guard !check.failures.isEmpty else {
      return ["ok    \(check.file) (\(count(check.checks, "expectation")))"]
    }
    let failed = "\(check.failures.count) of \(count(check.checks, "expectation")) failed"
    return ["FAIL  \(check.file) (\(failed))"] + failureLines(check)
  }

  private static func failureLines(_ check: ScenarioCheck) -> [String] {
    check.failures.map { "      \(check.file): \($0)" }
  }

  /// `N passed, N failed`.
  public static func summary(_ checks: [ScenarioCheck]) -> String {
    let passed = checks.count { $0.passed }
    return "\(passed) passed, \(checks.count - passed) failed"
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
