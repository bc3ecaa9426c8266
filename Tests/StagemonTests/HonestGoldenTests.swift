import Foundation
import Testing

/// Goldens that don't lie: `--update-golden` and `stagemon test -u` refuse a run whose
/// expectations fail (unless `--force`, which still exits 1), `--compare` also checks expectations (unless
/// `--no-check`), and `--check` names steps from 1 with the step's line and column.
@Suite struct HonestGoldenTests {
  static let failing = """
    { "participants": [{ "id": "host", "capabilities": ["subscribe"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "publish": "published" } }] }
    """

  static func folder(_ files: [String: String]) throws -> URL {
    let folder = try StagemonBinary.temporaryDirectory()
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func updateGoldenRefusesARunWhoseExpectationsFail() throws {
    let folder = try Self.folder(["x.json": Self.failing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["run", "x.json", "--update-golden"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("not writing"))
    let golden = folder.appendingPathComponent("expected/x.jsonl").path
    #expect(!FileManager.default.fileExists(atPath: golden))
    let forced = try StagemonBinary.run(
      ["run", "x.json", "--update-golden", "--force"], directory: folder)
    #expect(forced.status == 1)
    #expect(FileManager.default.fileExists(atPath: golden))
  }

  @Test func compareChecksExpectationsUnlessToldNotTo() throws {
    let folder = try Self.folder(["x.json": Self.failing])
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try StagemonBinary.run(["run", "x.json", "--update-golden", "--force"], directory: folder)
    let compared = try StagemonBinary.run(
      ["run", "x.json", "--compare", "expected/x.jsonl"], directory: folder)
    #expect(compared.status == 1)
    #expect(compared.stderr.contains("x.json:3:13: step 2: expected host to be published"))
    let unchecked = try StagemonBinary.run(
      ["run", "x.json", "--compare", "expected/x.jsonl", "--no-check"], directory: folder)
    #expect(unchecked.status == 0)
  }

  @Test func aComparisonThatIsNotOnATerminalStaysPlain() throws {
    let folder = try Self.folder(["x.json": TestCommandTests.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try StagemonBinary.run(["run", "x.json", "--update-golden"], directory: folder)
    let golden = folder.appendingPathComponent("expected/x.jsonl")
    let text = try String(contentsOf: golden, encoding: .utf8)
    try text.replacingOccurrences(of: "connected", with: "gone").write(
      to: golden, atomically: true, encoding: .utf8)
    let result = try StagemonBinary.run(
      ["run", "x.json", "--compare", "expected/x.jsonl"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stdout.contains("-{"))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func checkNamesTheStepFromOne() throws {
    let folder = try Self.folder(["x.json": Self.failing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["run", "x.json", "--check"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "x.json:3:13: step 2: expected host to be published, but it is notPublished"))
    #expect(!result.stderr.contains("steps[1]"))
  }

  @Test func testUpdateWritesEveryPassingGoldenAndRefusesFailingOnes() throws {
    let folder = try Self.folder([
      "a/pass.json": TestCommandTests.passing, "a/fail.json": Self.failing,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try StagemonBinary.run(["test", "-u", "a"], directory: folder)
    #expect(result.status == 1)
    let manager = FileManager.default
    #expect(manager.fileExists(atPath: folder.appendingPathComponent("a/expected/pass.jsonl").path))
    #expect(
      !manager.fileExists(atPath: folder.appendingPathComponent("a/expected/fail.jsonl").path))
  }
}
