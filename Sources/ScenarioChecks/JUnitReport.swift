import InputKit

/// JUnit XML for CI systems (GitLab, Jenkins, GitHub test reporters): one `testsuite` per
/// scenario file (its summary), one `testcase` per `expect` step with its `time`, `file` and
/// `line`, a `failure` naming `file:line:column`, an `error` for a file that could not be
/// found, loaded or run, and `skipped` for a `.json` that is not a scenario.
public enum JUnitReport {
  /// The whole document.
  public static func xml(_ checks: [ScenarioCheck]) -> String {
    let counts = Counts(checks)
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out += #"<testsuites name="stagemon test" \#(counts.attributes)>"# + "\n"
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
        tests += check.cases.count + (check.error == nil && !check.isSkipped ? 0 : 1)
        failures += check.cases.count { !$0.passed }
        errors += check.error == nil ? 0 : 1
        skipped += check.isSkipped ? 1 : 0
        seconds += check.seconds
      }
    }

    var attributes: String {
      #"tests="\#(tests)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)" time="\#(JUnitReport.time(seconds))""#
    }
  }

  private static func suite(_ check: ScenarioCheck) -> String {
    let file = XMLText.escaped(check.file, for: .attribute)
    var out =
      #"  <testsuite name="\#(file)" file="\#(file)" \#(Counts([check]).attributes)>"# + "\n"
    for assertion in check.cases { out += testCase(assertion, file: check.file) }
    switch check.outcome {
    case .error(let message, _):
      out += #"    <testcase classname="\#(file)" name="\#(file)" file="\#(file)">"# + "\n"
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

  private static func testCase(_ assertion: AssertionCase, file: String) -> String {
    let result = assertion.result
    let line = result.position.map { #" line="\#($0.line)""# } ?? ""
    let fileName = XMLText.escaped(file, for: .attribute)
    let name = XMLText.escaped(TestReport.name(assertion), for: .attribute)
    var out =
      #"    <testcase classname="\#(fileName)" name="\#(name)" file="\#(fileName)"\#(line) assertions="\#(result.checks)" time="\#(time(assertion.seconds))""#
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
