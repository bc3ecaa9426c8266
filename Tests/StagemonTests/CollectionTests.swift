import Foundation
import Testing

/// `stagemon test` collects as pytest does: nothing collected exits 5 (also for `--list`),
/// `-k` takes `not`, `and`, `or` and parentheses and ignores case, a file named twice runs
/// once, `-x` says how many files it left unrun, and `.json` files that are some other
/// tool's (an array, comments, a byte order mark) are skipped with a note.
@Suite struct CollectionTests {
  static let described = """
    { "participants": [{ "id": "host", "capabilities": ["publish"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "publish": "published" }, "description": "Host Publishes" },
                { "expect": { "participant": "host", "connection": "connected" }, "description": "host is in" }] }
    """

  @Test func nothingCollectedExitsFiveForListAndRun() throws {
    let folder = try HonestGoldenTests.folder(["a.json": TestCommandTests.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = try StagemonBinary.run(["test", ".", "--list", "-k", "nomatch"], directory: folder)
    #expect(list.status == 5)
    #expect(list.stdout.isEmpty)
    #expect(list.stderr.contains(#"no scenarios under . matching -k "nomatch""#))
    let run = try StagemonBinary.run(["test", ".", "-k", "nomatch"], directory: folder)
    #expect(run.status == 5)
    let empty = try HonestGoldenTests.folder([:])
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(try StagemonBinary.run(["test", "."], directory: empty).status == 5)
  }

  @Test func keywordExpressionsTakeNotAndOrParenthesesAndIgnoreCase() throws {
    let folder = try HonestGoldenTests.folder([
      "a.json": Self.described, "b.json": TestCommandTests.passing,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    func listed(_ expression: String) throws -> [String] {
      let result = try StagemonBinary.run(
        ["test", ".", "--list", "-k", expression], directory: folder)
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try listed("host publishes") == ["./a.json::step 2: Host Publishes"])
    #expect(try listed("HOST and not publish") == ["./a.json::step 3: host is in"])
    #expect(
      try listed("(is in or b.json) and not connection") == [
        "./a.json::step 3: host is in", "./b.json::step 2: participant host publish=published",
      ])
    let bad = try StagemonBinary.run(["test", ".", "-k", "host and"], directory: folder)
    #expect(bad.status == 2)
    #expect(
      bad.stderr.contains("-k host and: at column 9: expected a word, not or (, found the end"))
  }

  @Test func aFileNamedTwiceRunsOnce() throws {
    let folder = try HonestGoldenTests.folder(["a.json": TestCommandTests.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "a.json", "./a.json", "."], directory: folder)
    #expect(result.stdout == "ok    a.json (1 assertion)\n1 passed, 0 failed (1 file)\n")
  }

  @Test func failFastSaysHowManyFilesWereNotRun() throws {
    let folder = try HonestGoldenTests.folder([
      "a.json": HonestGoldenTests.failing, "b.json": TestCommandTests.passing,
      "c.json": TestCommandTests.passing,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", ".", "-x"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasSuffix(
        "0 passed, 1 failed (1 file, 2 files not run after the first failure (-x))\n"))
  }

  @Test func otherToolsJSONAmongScenariosIsSkippedWithANote() throws {
    let folder = try HonestGoldenTests.folder([
      "a.json": TestCommandTests.passing, "list.json": "[1, 2]",
      "tsconfig.json": "{\n  // compiler options\n  \"strict\": true,\n}\n",
      "bom.json": "\u{FEFF}{ \"name\": \"x\" }",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("skipped ./list.json: not a scenario (an array, not an object)"))
    #expect(
      result.stdout.contains(
        #"skipped ./tsconfig.json: not a scenario (JSON with comments or trailing commas, no "participants")"#
      ))
    #expect(result.stdout.contains(#"skipped ./bom.json: not a scenario (no "participants")"#))
    #expect(result.stdout.hasSuffix("1 passed, 0 failed (1 file, 3 skipped)\n"))
  }
}
