import Foundation
import Testing

@testable import ScenarioChecks

/// The `stagemon test` report and its JUnit form for files that pass, fail, cannot load or
/// are not scenarios, including text that must be escaped in XML; and discovery, which
/// walks folders without running anything.
@Suite struct ReportTests {
  /// A temporary folder holding `files` (relative path → text).
  static func folder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-checks-\(UUID().uuidString)")
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
  }

  /// Writes `text` to a temporary scenario file and checks it.
  static func check(_ text: String, name: String = "x.json") throws -> ScenarioCheck {
    let folder = try folder([name: text])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try #require(
      ScenarioChecker().check(TestItem(path: folder + "/" + name, origin: .named)))
  }

  static let failing = """
    { "participants": [{ "id": "a", "capabilities": ["subscribe"], "attributes": { "k": "<&\\">" } }],
      "steps": [{ "join": "a" }, { "expect": { "participant": "a", "attributes": { "k": "v" } } }] }
    """

  @Test func aFailedExpectationIsOneFailedCaseWithItsPosition() throws {
    let check = try Self.check(Self.failing)
    #expect(!check.passed)
    #expect(check.cases.count == 1)
    let lines = TestReport.lines(for: check)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("FAIL  ") && lines[0].hasSuffix("(1 of 1 assertion failed)"))
    // The failure cites the rules of the step before it (`stagemon rules ID`).
    #expect(
      lines[1].contains(
        #"x.json:2:30: step 2: expected a to have attributes {k=v}, but it has {k=<&">} [rules: "#))
    #expect(lines[1].contains("token.valid-at-join") && lines[1].hasSuffix("]"))
    #expect(TestReport.summary([check]) == "0 passed, 1 failed (1 file)")
  }

  @Test func junitHasASuitePerFileAndEscapesMarkup() throws {
    let xml = JUnitReport.xml([try Self.check(Self.failing)])
    #expect(xml.contains("{k=&lt;&amp;&quot;&gt;}"))
    #expect(!xml.contains("{k=<&"))
    #expect(xml.contains(#"<testsuites name="stagemon test" tests="1" failures="1" errors="0""#))
    #expect(xml.contains(#"name="step 2: participant a attributes={&quot;k&quot;:&quot;v&quot;}""#))
    #expect(xml.contains(#" line="2" "#))
  }

  @Test func aScenarioThatCannotLoadIsAnError() throws {
    let check = try Self.check(#"{ "participants": [] , "steps": [{ "join": "nobody" }] }"#)
    #expect(!check.passed)
    #expect(check.error?.contains(#"unknown participant "nobody""#) == true)
    #expect(TestReport.lines(for: check)[0].hasPrefix("ERROR "))
    #expect(JUnitReport.xml([check]).contains(#"errors="1""#))
  }

  @Test func aDescriptionNamesTheCase() throws {
    let check = try Self.check(
      """
      { "participants": [{ "id": "a" }],
        "steps": [{ "join": "a" },
                  { "expect": { "participant": "a", "connection": "connected" },
                    "description": "a is in" }] }
      """)
    #expect(check.cases.map(TestReport.name) == ["step 2: a is in"])
  }

  /// A file reached twice — named after the folder that holds it — is one item (the
  /// collection test above shows the folder's `a.json` and not the named one again).
  @Test func collectingWalksFoldersInOrderAndReadsNothing() throws {
    let folder = try Self.folder([
      "b/z.json": "not even JSON", "a.json": "{}", "b/c/d.json": "{}", "notes.txt": "",
      ".hidden/x.json": "{}", "expected/a.jsonl": "",
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let items = TestCollection.collect([folder, folder + "/a.json", folder + "/gone"])
    #expect(
      items == [
        TestItem(path: folder + "/a.json", origin: .found),
        TestItem(path: folder + "/b/c/d.json", origin: .found),
        TestItem(path: folder + "/b/z.json", origin: .found),
        TestItem(path: folder + "/gone", origin: .missing),
      ])
  }

  @Test func aFoundFileThatIsNotAScenarioIsSkippedButANamedOneIsAnError() throws {
    let folder = try Self.folder(["notes.json": #"{ "title": "x" }"#])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let found = ScenarioChecker().check(TestItem(path: folder + "/notes.json", origin: .found))
    #expect(found?.isSkipped == true)
    let named = ScenarioChecker().check(TestItem(path: folder + "/notes.json", origin: .named))
    #expect(named?.error != nil)
  }

  @Test func aKeywordSelectsFilesOrAssertions() throws {
    let folder = try Self.folder(["x.json": Self.failing])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let item = TestItem(path: folder + "/x.json", origin: .named)
    func checker(_ text: String) throws -> ScenarioChecker {
      ScenarioChecker(keyword: try KeywordExpression(parsing: text))
    }
    #expect(try checker("attributes").check(item)?.cases.count == 1)
    #expect(try checker("x.json").check(item)?.cases.count == 1)
    #expect(try checker("nothing-like-it").check(item) == nil)
  }
}
