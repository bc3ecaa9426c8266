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
  /// The line of the file where the error is (a JSON syntax error, the step that could not
  /// load or run), when known.
  public var errorLine: Int?
  /// The selected assertions after a step that could not run: reported as not run, with why.
  public var notRun: [NotRunAssertion] = []
  /// The run's stream against its golden, when the scenario has one (or `-u` writes one).
  public var golden: GoldenVerdict?

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

  /// Whether it ran to the end with no failed assertion and its stream is its golden's (a
  /// skipped file does not fail).
  public var passed: Bool {
    error == nil && cases.allSatisfy(\.passed) && golden?.passed ?? true
  }

  /// Cases counted in the closing line: one per assertion, one for a golden compared.
  public var passedCount: Int {
    cases.count(where: \.passed) + (golden?.counted == true && golden?.passed == true ? 1 : 0)
  }

  /// Failed cases: failed assertions, plus one for an error and one for a golden that differs.
  public var failedCount: Int {
    cases.count { !$0.passed } + (error == nil ? 0 : 1)
      + (golden?.counted == true && golden?.passed == false ? 1 : 0)
  }
}

/// An assertion that did not run because a step before it could not: JUnit reports it as
/// skipped, with the reason, rather than letting it vanish.
public struct NotRunAssertion: Sendable {
  /// The `expect` step, counted from 1.
  public let step: Int
  /// Its name, as a case that ran would have.
  public let name: String
  /// Its line in the file, when known.
  public let line: Int?
  /// Why it did not run: `step 3 could not run`.
  public let reason: String
}

/// What became of a scenario's golden stream (jest's snapshot) in `stagemon test`.
public enum GoldenVerdict: Sendable {
  /// The run's stream is the golden's, `seq` ignored.
  case matches(String)
  /// It differs: the unified diff (each region naming its step) and the number of regions.
  case differs(String, diff: String, regions: Int)
  /// The scenario names a golden that is not there, and `--ci` writes none.
  case missing(String)
  /// The golden could not be read, is not JSONL, or could not be written.
  case broken(String, String)
  /// Written: `-u`, or a golden the scenario names recorded on its first run.
  case written(String, events: Int)
  /// Not written, and why: the run failed.
  case refused(String, String)

  /// The golden's path.
  public var path: String {
    switch self {
    case .matches(let path), .differs(let path, _, _), .missing(let path), .broken(let path, _),
      .written(let path, _), .refused(let path, _):
      return path
    }
  }

  /// Whether it holds: a match or a write (a refusal goes with a failure reported already).
  public var passed: Bool {
    switch self {
    case .matches, .written, .refused: return true
    case .differs, .missing, .broken: return false
    }
  }

  /// Whether it is a case of its own in the closing line and JUnit: a comparison made or due.
  public var counted: Bool {
    switch self {
    case .matches, .differs, .missing, .broken: return true
    case .written, .refused: return false
    }
  }
}
