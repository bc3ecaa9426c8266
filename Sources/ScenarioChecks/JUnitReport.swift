import InputKit

/// JUnit XML for CI systems (GitLab, Jenkins, GitHub test reporters): one
/// `testcase` per scenario file, a `failure` per file with failed expectations
/// (each listed), an `error` for a file that could not load or run.
public enum JUnitReport {
  /// The whole document.
  public static func xml(_ checks: [ScenarioCheck]) -> String {
    let failures = checks.count { $0.error == nil && !$0.failures.isEmpty }
    let errors = checks.count { $0.error != nil }
    let counts = #"tests="\#(checks.count)" failures="\#(failures)" errors="\#(errors)""#
    var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    out += #"<testsuites name="stagemon test" \#(counts)>"# + "\n"
    out += #"  <testsuite name="scenarios" \#(counts)>"# + "\n"
    for check in checks { out += testCase(check) }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  private static func testCase(_ check: ScenarioCheck) -> String {
    let (folder, name) = split(check.file)
    var out =
      #"    <testcase classname="\#(escape(folder))" name="\#(escape(name))" file="\#(escape(check.file))" assertions="\#(check.checks)""#
    let listed = check.failures.map { "\($0)" }.joined(separator: "\n")
    if let error = check.error {
      out += ">\n"
      out += #"      <error type="scenarioError" message="\#(escape(error))">"#
      out += escape(([error] + (listed.isEmpty ? [] : [listed])).joined(separator: "\n"))
      out += "</error>\n    </testcase>\n"
    } else if let first = check.failures.first {
      out += ">\n"
      out +=
        #"      <failure type="expectFailed" message="\#(escape("\(check.failures.count) failed; first: \(first)"))">"#
      out += escape(listed) + "</failure>\n    </testcase>\n"
    } else {
      out += "/>\n"
    }
    return out
  }

  /// `("Scenarios", "x.json")` for `Scenarios/x.json`.
  private static func split(_ file: String) -> (String, String) {
    guard let slash = file.lastIndex(of: "/") else { return (".", file) }
    return (String(file[..<slash]), String(file[file.index(after: slash)...]))
  }

  /// Text safe inside XML attributes and elements (newlines kept as `&#10;` in attributes);
  /// characters XML 1.0 forbids become U+FFFD, so the report is always well-formed.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\t", "\r": out += "&#\(scalar.value);"
      default: out.unicodeScalars.append(XMLText.isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }
}
