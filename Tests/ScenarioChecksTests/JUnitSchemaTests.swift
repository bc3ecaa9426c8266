import Foundation
import Testing

@testable import ScenarioChecks

/// The JUnit file validates against the Jenkins xUnit plugin's `junit-10.xsd` (committed
/// under Tests/Fixtures/junit) with Python's `xmlschema`, for every kind of case: passed,
/// failed, an error with its line, assertions a step error left unrun (skipped, with the
/// reason), a skipped file and a golden that differs.
@Suite struct JUnitSchemaTests {
  static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/junit/junit-10.xsd").path

  static let stopping = """
    { "participants": [{ "id": "host", "capabilities": ["publish"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "publish": "published" } },
                { "answer": "host", "publish": true },
                { "expect": { "participant": "host", "connection": "connected" },
                  "description": "still in" }] }
    """

  /// Every kind of verdict, from real runs.
  static func checks() throws -> [ScenarioCheck] {
    let folder = try ReportTests.folder([
      "pass.json": """
      { "participants": [{ "id": "a" }],
        "steps": [{ "join": "a" }, { "expect": { "participant": "a", "connection": "connected" } }] }
      """,
      "fail.json": ReportTests.failing, "stop.json": Self.stopping,
      "syntax.json": "{ \"participants\": [],\n  \"steps\": [,] }", "other.json": "[1]",
      "expected/pass.jsonl": "{\"seq\":1,\"kind\":\"nothing\"}\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let checker = ScenarioChecker(goldens: .compare(ci: true))
    return TestCollection.collect([folder]).compactMap { checker.check($0) }
  }

  @Test func everyKindOfCaseValidatesAgainstJenkinsJUnit10() throws {
    let checks = try Self.checks()
    #expect(checks.count == 5)
    let xml = JUnitReport.xml(checks)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-junit-\(UUID().uuidString).xml")
    try xml.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys, xmlschema; xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])",
      Self.schema, file.path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0, "python3 with xmlschema (pip install xmlschema): \(message)")
  }

  @Test func errorsCarryTheirLineAndUnrunAssertionsAreSkippedWithTheReason() throws {
    let checks = try Self.checks()
    let xml = JUnitReport.xml(checks)
    #expect(
      xml.contains(#"<testsuites name="stagemon test" tests="8" failures="2" errors="2" time=""#))
    let stop = try #require(checks.first { $0.file.hasSuffix("stop.json") })
    #expect(stop.errorLine == 4)
    #expect(stop.notRun.map(\.step) == [4])
    #expect(xml.contains(#"name="step 4: still in""#))
    #expect(xml.contains(#"line="5" time="0.000">"#))
    #expect(xml.contains(#"<skipped message="not run: step 3 (steps[2]) could not run"/>"#))
    let syntax = try #require(checks.first { $0.file.hasSuffix("syntax.json") })
    #expect(syntax.errorLine == 2)
    #expect(xml.contains(#"syntax.json" line="2">"#))
    #expect(TestReport.lines(for: stop)[0].hasSuffix("(1 assertion not run)"))
  }
}
