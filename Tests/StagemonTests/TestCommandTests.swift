import Foundation
import FoundationXML
import Testing

/// `stagemon test`: the report, the exit status and the JUnit file, on a
/// folder that passes and one that fails, with the real binary.
@Suite struct TestCommandTests {
  static let passing = """
    { "description": "passes",
      "participants": [{ "id": "host", "capabilities": ["publish"] }],
      "steps": [{ "join": "host" }, { "expect": { "participant": "host", "publish": "published" } }] }
    """
  static let failing = """
    { "description": "fails",
      "participants": [{ "id": "host", "capabilities": ["subscribe"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "publish": "published" } },
                { "expect": { "participant": "host", "connection": "connected" } }] }
    """
  static let broken = #"{ "participants": [{ "id": "host" }], "steps": [{ "jion": "host" }] }"#

  /// A temporary folder holding `files` (name → text).
  static func folder(_ files: [String: String]) throws -> URL {
    let folder = try StagemonBinary.temporaryDirectory()
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func aPassingFolderExitsZero() throws {
    let folder = try Self.folder(["a.json": Self.passing, "b.json": Self.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        ok    ./a.json (1 assertion)
        ok    ./b.json (1 assertion)
        2 passed, 0 failed (2 files)

        """)
  }

  @Test func aFailingFolderListsEachFailureAndExitsOne() throws {
    let folder = try Self.folder([
      "a.json": Self.passing, "b.json": Self.failing, "c.json": Self.broken, "notes.txt": "x",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(result.status == 1)
    // A failure cites the rules of the step before it; the rest of the report is exact.
    let lines = result.stdout.split(separator: "\n").map(String.init).map { line in
      line.range(of: " [rules: ").map { String(line[..<$0.lowerBound]) } ?? line
    }
    #expect(result.stdout.contains("notPublished [rules: "))
    #expect(
      lines == [
        "ok    ./a.json (1 assertion)",
        "FAIL  ./b.json (1 of 2 assertions failed)",
        "      ./b.json:4:13: step 2: expected host to be published, but it is notPublished",
        #"ERROR ./c.json:1:49: step 1 (steps[0]): unknown verb "jion" (did you mean "join"?); expected one of join, leave, publish, unpublish, refreshStrategy, exchange, disconnect, advance, reconnect, setStrategy, answer, expect, setSDK, setCompositionUpdates, mute, unmute, networkDrop, startComposition, stopComposition"#,
        "2 passed, 2 failed (3 files)",
      ])
  }

  @Test func theJUnitFileParsesBackWithEveryCase() throws {
    let folder = try Self.folder([
      "a.json": Self.passing, "b.json": Self.failing, "c.json": Self.broken,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(
      ["test", "a.json", "b.json", "c.json", "--junit", "report.xml"], directory: folder)
    #expect(result.status == 1)
    let document = try XMLDocument(
      contentsOf: folder.appendingPathComponent("report.xml"), options: [])
    let top = try #require(try document.nodes(forXPath: "/testsuites").first as? XMLElement)
    #expect(top.attribute(forName: "tests")?.stringValue == "4")
    #expect(top.attribute(forName: "failures")?.stringValue == "1")
    #expect(top.attribute(forName: "errors")?.stringValue == "1")
    let suites = try document.nodes(forXPath: "//testsuite").compactMap { $0 as? XMLElement }
    #expect(
      suites.map { $0.attribute(forName: "name")?.stringValue } == ["a.json", "b.json", "c.json"])
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == [
        "step 2: participant host publish=published", "step 2: participant host publish=published",
        "step 3: participant host connection=connected", "c.json",
      ])
    #expect((cases[0].children ?? []).isEmpty)
    let failure = try #require(cases[1].elements(forName: "failure").first)
    #expect(
      failure.stringValue?.hasPrefix(
        "b.json:4:13: step 2: expected host to be published, but it is notPublished [rules: ")
        == true)
    let error = try #require(cases[3].elements(forName: "error").first)
    #expect(
      error.attribute(forName: "message")?.stringValue?.contains(#"unknown verb "jion""#) == true)
  }

  @Test func theBundledScenariosAllPassByDefault() throws {
    let result = try StagemonBinary.run(["test"], directory: RunCommandTests.repository)
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix(" passed, 0 failed (11 files)\n"))
    #expect(result.stdout.contains("ok    Scenarios/downgrade-while-publishing.json"))
  }

  @Test func aMissingPathExitsOneNamingIt() throws {
    let result = try StagemonBinary.run(["test", "no-such-folder"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("ERROR no-such-folder: no such file or folder"))
  }
}
