import Foundation
import FoundationXML
import Testing

/// `stagemon test` finds scenarios as pytest finds tests: folders recursively, files that
/// are not scenarios skipped with a note, `-k`, `-x`, `--list`; nothing found exits 5 (as
/// pytest), and a missing path is an error that the report and the JUnit file both show.
@Suite struct TestDiscoveryTests {
  @Test func scenariosInSubfoldersAreFound() throws {
    let folder = try HonestGoldenTests.folder([
      "deep/er/a.json": TestCommandTests.passing, "b/b.json": TestCommandTests.passing,
      "b/notes.json": #"{ "title": "not a scenario" }"#,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("./deep/er/a.json"))
    #expect(result.stdout.contains("./b/b.json"))
    #expect(result.stdout.contains("skipped ./b/notes.json: not a scenario"))
    #expect(result.stdout.hasSuffix("2 passed, 0 failed (2 files, 1 skipped)\n"))
  }

  @Test func anEmptyFolderIsAnError() throws {
    let folder = try HonestGoldenTests.folder([:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(result.status == 5)
    #expect(result.stderr.contains("no scenarios under ."))
  }

  @Test func aMissingPathIsAnErrorCaseWhileTheOthersRun() throws {
    let folder = try HonestGoldenTests.folder(["a.json": TestCommandTests.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(
      ["test", "a.json", "gone", "--junit", "r.xml"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stdout.contains("ok    a.json"))
    #expect(result.stdout.contains("ERROR gone: no such file or folder"))
    let document = try XMLDocument(contentsOf: folder.appendingPathComponent("r.xml"), options: [])
    let errors = try document.nodes(forXPath: "//testcase/error")
    #expect(errors.count == 1)
  }

  @Test func selectionFailFastAndListing() throws {
    let folder = try HonestGoldenTests.folder([
      "a.json": TestCommandTests.passing, "b.json": HonestGoldenTests.failing,
      "c.json": TestCommandTests.passing,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let selected = try StagemonBinary.run(["test", ".", "-k", "c.json"], directory: folder)
    #expect(selected.stdout.hasSuffix("1 passed, 0 failed (1 file)\n"))
    let fast = try StagemonBinary.run(["test", ".", "-x"], directory: folder)
    #expect(fast.status == 1)
    #expect(!fast.stdout.contains("c.json"))
    let listed = try StagemonBinary.run(["test", ".", "--list"], directory: folder)
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("./b.json::step 2"))
  }

  @Test func theJUnitFileHasOneCasePerAssertion() throws {
    let folder = try HonestGoldenTests.folder(["b.json": TestCommandTests.failing])
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try StagemonBinary.run(["test", "b.json", "--junit", "r.xml"], directory: folder)
    let document = try XMLDocument(contentsOf: folder.appendingPathComponent("r.xml"), options: [])
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(cases.count == 2)
    #expect(cases.allSatisfy { $0.attribute(forName: "time") != nil })
    let failure = try #require(cases[0].elements(forName: "failure").first)
    #expect(failure.attribute(forName: "message")?.stringValue?.contains("b.json:4:13") == true)
  }
}
