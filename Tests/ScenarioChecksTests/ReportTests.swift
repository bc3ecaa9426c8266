import Foundation
import Testing

@testable import ScenarioChecks

/// The `stagemon test` report and its JUnit form for files that pass, fail and
/// cannot load, including text that must be escaped in XML.
@Suite struct ReportTests {
  /// Writes `text` to a temporary scenario file and checks it.
  static func check(_ text: String, name: String = "x.json") throws -> ScenarioCheck {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-checks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return ScenarioCheck(file: file.path)
  }

  static let failing = """
    { "participants": [{ "id": "a", "capabilities": ["subscribe"], "attributes": { "k": "<&\\">" } }],
      "steps": [{ "join": "a" }, { "expect": { "participant": "a", "attributes": { "k": "v" } } }] }
    """

  @Test func aFailedExpectationIsOneFailureLine() throws {
    let check = try Self.check(Self.failing)
    #expect(!check.passed)
    #expect(check.checks == 1)
    let lines = TestReport.lines(for: check)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("FAIL  ") && lines[0].hasSuffix("(1 of 1 expectation failed)"))
    #expect(
      lines[1].hasSuffix(#"steps[1]: expected a to have attributes {k=v}, but it has {k=<&">}"#))
    #expect(TestReport.summary([check]) == "0 passed, 1 failed")
  }

  @Test func junitEscapesMarkupInMessages() throws {
    let xml = JUnitReport.xml([try Self.check(Self.failing)])
    #expect(xml.contains("{k=&lt;&amp;&quot;&gt;}"))
    #expect(!xml.contains("{k=<&"))
    #expect(xml.contains(#"<testsuites name="stagemon test" tests="1" failures="1" errors="0">"#))
  }

  @Test func aScenarioThatCannotLoadIsAnError() throws {
    let check = try Self.check(#"{ "participants": [] , "steps": [{ "join": "nobody" }] }"#)
    #expect(!check.passed)
    #expect(check.error?.contains(#"unknown participant "nobody""#) == true)
    #expect(JUnitReport.xml([check]).contains(#"errors="1""#))
  }

  @Test func missingPathsAreNamed() {
    #expect(throws: ScenarioFilesError.self) { try ScenarioFiles.find(["/no/such/place"]) }
  }
}
