import InputKit

/// JUnit XML for CI systems (GitLab, Jenkins, GitHub test reporters), valid against the
/// Jenkins xUnit plugin's `junit-10.xsd`: one `testsuite` per scenario file (its summary),
/// one `testcase` per `expect` step with its `time`, `file` and `line`, a `failure` naming
/// `file:line:column`, an `error` (with its `line`) for a file that could not be found,
/// loaded or run, `skipped` for the assertions a step error left unrun and for a `.json`
/// that is not a scenario, and one case for the golden stream compared.
public enum JUnitReport {
  /// The whole document.
  public static func xml(_ checks: [ScenarioCheck]) -> String {
    let counts = Counts(checks)
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    // junit-10.xsd gives `testsuites` no `skipped`; each `testsuite` carries it.
    out +=
      #"<testsuites name="stagemon test" tests="\#(counts.tests)" failures="\#(counts.failures)" errors="\#(counts.errors)" time="\#(time(counts.seconds))">"#
      + "\n"
    for check in checks { out += suite(check) }
    out += "</testsuites>\n"
    return out
  }

  private struct Counts {
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    var seconds = 0.0

    init(_ checks: [ScenarioCheck]) {
      for check in checks {
        let golden = check.golden?.counted == true ? 1 : 0
        tests +=
          check.cases.count + check.notRun.count + golden
          + (check.error == nil && !check.isSkipped ? 0 : 1)
        failures += check.cases.count { !$0.passed } + (check.golden?.passed == false ? 1 : 0)
        errors += check.error == nil ? 0 : 1
        skipped += check.notRun.count + (check.isSkipped ? 1 : 0)
        seconds += check.seconds
      }
    }
  }

  private static func suite(_ check: ScenarioCheck) -> String {
    let file = XMLText.escaped(check.file, for: .attribute)
    let counts = Counts([check])
    var out =
      #"  <testsuite name="\#(file)" file="\#(file)" tests="\#(counts.tests)" failures="\#(counts.failures)" errors="\#(counts.errors)" skipped="\#(counts.skipped)" time="\#(time(counts.seconds))">"#
      + "\n"
    for assertion in check.cases { out += testCase(assertion, file: check.file) }
    for assertion in check.notRun {
      let name = XMLText.escaped("step \(assertion.step): \(assertion.name)", for: .attribute)
      out +=
        #"    <testcase classname="\#(file)" name="\#(name)" file="\#(file)"\#(line(assertion.line)) time="0.000">"#
        + "\n"
      out += #"      <skipped message="\#(XMLText.escaped(assertion.reason, for: .attribute))"/>"#
      out += "\n    </testcase>\n"
    }
    if let golden = check.golden, golden.counted { out += goldenCase(golden, file: check.file) }
    switch check.outcome {
    case .error(let message, _):
      out +=
        #"    <testcase classname="\#(file)" name="\#(file)" file="\#(file)"\#(line(check.errorLine))>"#
        + "\n"
      out +=
        #"      <error type="scenarioError" message="\#(XMLText.escaped(message, for: .attribute))">"#
      out += XMLText.escaped(message) + "</error>\n    </testcase>\n"
    case .skipped(let reason):
      out += #"    <testcase classname="\#(file)" name="\#(file)" file="\#(file)">"# + "\n"
      out +=
        #"      <skipped message="\#(XMLText.escaped(reason, for: .attribute))"/>"#
        + "\n    </testcase>\n"
    case .ran: break
    }
    return out + "  </testsuite>\n"
  }

  private static func line(_ line: Int?) -> String {
    line.map { #" line="\#($0)""# } ?? ""
  }

  private static func goldenCase(_ golden: GoldenVerdict, file: String) -> String {
    let fileName = XMLText.escaped(file, for: .attribute)
    let name = XMLText.escaped("golden \(golden.path)", for: .attribute)
    let out = #"    <testcase classname="\#(fileName)" name="\#(name)" file="\#(fileName)""#
    guard !golden.passed else { return out + "/>\n" }
    let message = XMLText.escaped(TestReport.summary(of: golden), for: .attribute)
    var body = message
    if case .differs(_, let diff, _) = golden { body = XMLText.escaped(diff) }
    return out + ">\n"
      + #"      <failure type="goldenDiffers" message="\#(message)">\#(body)</failure>"#
      + "\n    </testcase>\n"
  }

  private static func testCase(_ assertion: AssertionCase, file: String) -> String {
    let result = assertion.result
    let fileName = XMLText.escaped(file, for: .attribute)
    let name = XMLText.escaped(TestReport.name(assertion), for: .attribute)
    var out =
      #"    <testcase classname="\#(fileName)" name="\#(name)" file="\#(fileName)"\#(line(result.position?.line)) assertions="\#(result.checks)" time="\#(time(assertion.seconds))""#
    guard let first = result.failures.first else { return out + "/>\n" }
    let listed = result.failures.map { $0.located(in: file) }.joined(separator: "\n")
    out += ">\n"
    out +=
      #"      <failure type="expectFailed" message="\#(XMLText.escaped(first.located(in: file), for: .attribute))">"#
    return out + XMLText.escaped(listed) + "</failure>\n    </testcase>\n"
  }

  /// Seconds with millisecond precision, as JUnit readers expect.
  static func time(_ seconds: Double) -> String {
    let milliseconds = (max(0, seconds) * 1000).rounded()
    guard milliseconds < 1e15, let whole = Int64(exactly: milliseconds) else { return "0.000" }
    let fraction = String(whole % 1000)
    return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
