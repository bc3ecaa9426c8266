import StageEngine

/// One assertion's verdict as `stagemon test` reports it: the `expect` step's result and
/// the wall time of the steps that led to it since the previous assertion (JUnit `time`).
public struct AssertionCase: Sendable {
  /// The step's result.
  public let result: ExpectationResult
  /// Seconds spent since the previous assertion (or the start) up to this one's verdict.
  public let seconds: Double

  /// Whether it passed.
  public var passed: Bool { result.passed }
}

/// The verdict on one test item: the assertions it made, or why it could not load or run to
/// the end, or why it was skipped (a `.json` found in a folder that is not a scenario).
public struct ScenarioCheck: Sendable {
  /// What it is about.
  public enum Outcome: Sendable {
    /// It loaded and ran to the end: one case per `expect` step (those selected).
    case ran([AssertionCase])
    /// It could not be found, loaded or run to the end (with what did run before that).
    case error(String, [AssertionCase])
    /// Not a scenario; not run.
    case skipped(String)
  }

  /// The file as named on the command line or found in a folder.
  public let file: String
  /// What happened.
  public let outcome: Outcome
  /// Wall time of the whole file, in seconds.
  public let seconds: Double

  /// Creates a verdict.
  public init(file: String, outcome: Outcome, seconds: Double = 0) {
    self.file = file
    self.outcome = outcome
    self.seconds = seconds
  }

  /// The assertions that ran.
  public var cases: [AssertionCase] {
    switch outcome {
    case .ran(let cases), .error(_, let cases): return cases
    case .skipped: return []
    }
  }

  /// Why it could not load or run, if so.
  public var error: String? {
    if case .error(let message, _) = outcome { return message }
    return nil
  }

  /// Whether the file was skipped.
  public var isSkipped: Bool {
    if case .skipped = outcome { return true }
    return false
  }

  /// Every failed statement, in order.
  public var failures: [ExpectationFailure] { cases.flatMap(\.result.failures) }

  /// Whether it ran to the end with no failed assertion (a skipped file does not fail).
  public var passed: Bool { error == nil && cases.allSatisfy(\.passed) }

  /// Cases counted in the closing line: one per assertion, one more for an error.
  public var passedCount: Int { cases.count(where: \.passed) }

  /// Failed cases: failed assertions, plus one for an error.
  public var failedCount: Int { cases.count { !$0.passed } + (error == nil ? 0 : 1) }
}
