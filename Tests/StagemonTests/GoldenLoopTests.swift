import Foundation
import Testing

/// A jest user's loop on goldens: `stagemon test -u` writes them, a plain `stagemon test`
/// compares every scenario that has one and fails with the diff when the stream drifts,
/// `--ci` writes none; and no command writes the golden of a run that stopped at a step
/// error, nor exits 0 for a failing one.
@Suite struct GoldenLoopTests {
  /// Passes, and its stream says the host published.
  static let passing = TestCommandTests.passing
  /// The same assertions, but the host leaves and joins again first: a different stream.
  static let drifted = """
    { "description": "passes",
      "participants": [{ "id": "host", "capabilities": ["publish"] }],
      "steps": [{ "join": "host" }, { "leave": "host" }, { "join": "host" },
                { "expect": { "participant": "host", "publish": "published" } }] }
    """
  /// Stops at step 3: nothing asked the host a question.
  static let stopping = """
    { "participants": [{ "id": "host", "capabilities": ["publish"] }],
      "steps": [{ "join": "host" },
                { "expect": { "participant": "host", "publish": "published" } },
                { "answer": "host", "publish": true },
                { "expect": { "participant": "host", "connection": "connected" } }] }
    """

  static func write(_ text: String, to name: String, in folder: URL) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  @Test func testComparesGoldensAndFailsWithTheDiffWhenTheStreamDrifts() throws {
    let folder = try HonestGoldenTests.folder(["x.json": Self.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let update = try StagemonBinary.run(["test", "-u", "."], directory: folder)
    #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
    #expect(update.stdout.contains("wrote expected/x.jsonl"))
    let same = try StagemonBinary.run(["test", "."], directory: folder)
    #expect(same.status == 0)
    #expect(same.stdout.contains("ok    ./x.json (1 assertion; stream matches expected/x.jsonl)"))
    #expect(same.stdout.hasSuffix("2 passed, 0 failed (1 file)\n"))
    try Self.write(Self.drifted, to: "x.json", in: folder)
    let drift = try StagemonBinary.run(["test", ".", "--junit", "r.xml"], directory: folder)
    #expect(drift.status == 1)
    #expect(
      drift.stdout.contains(
        "FAIL  ./x.json (1 assertion; stream differs from expected/x.jsonl in "))
    #expect(drift.stdout.contains("      @@ "))
    #expect(
      drift.stdout.contains(
        #"      +{"time":"2026-01-01T12:00:00Z","source":"runner","kind":"step","message":"leave host"}"#
      ))
    #expect(drift.stdout.hasSuffix("1 passed, 1 failed (1 file)\n"))
    let junit = try String(contentsOf: folder.appendingPathComponent("r.xml"), encoding: .utf8)
    #expect(junit.contains(#"<failure type="goldenDiffers""#))
    let again = try StagemonBinary.run(["test", "-u", "."], directory: folder)
    #expect(again.status == 0)
    #expect(try StagemonBinary.run(["test", "."], directory: folder).status == 0)
  }

  @Test func aGoldenTheScenarioNamesIsWrittenOnItsFirstRunButNeverUnderCI() throws {
    let named = Self.passing.replacingOccurrences(
      of: #"{ "description": "passes","#,
      with: #"{ "description": "passes", "golden": "snap/x.jsonl","#)
    let folder = try HonestGoldenTests.folder(["x.json": named])
    defer { try? FileManager.default.removeItem(at: folder) }
    let ci = try StagemonBinary.run(["test", "x.json", "--ci"], directory: folder)
    #expect(ci.status == 1)
    #expect(ci.stdout.contains("no golden snap/x.jsonl: --ci writes none"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("snap").path))
    let first = try StagemonBinary.run(["test", "x.json"], directory: folder)
    #expect(first.status == 0)
    #expect(first.stdout.contains("wrote snap/x.jsonl"))
    try Self.write(
      Self.drifted.replacingOccurrences(
        of: #"{ "description": "passes","#,
        with: #"{ "description": "passes", "golden": "snap/x.jsonl","#), to: "x.json", in: folder)
    let drift = try StagemonBinary.run(["test", "x.json", "--ci"], directory: folder)
    #expect(drift.status == 1)
    #expect(drift.stdout.contains("stream differs from snap/x.jsonl"))
    let run = try StagemonBinary.run(
      ["run", "x.json", "--check", "--compare", "snap/x.jsonl"], directory: folder)
    #expect(run.status == 1)
  }

  @Test func noCommandWritesTheGoldenOfARunThatStopped() throws {
    let folder = try HonestGoldenTests.folder(["x.json": Self.passing])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try StagemonBinary.run(["run", "x.json", "--update-golden"], directory: folder).status == 0)
    let golden = folder.appendingPathComponent("expected/x.jsonl")
    let good = try String(contentsOf: golden, encoding: .utf8)
    try Self.write(Self.stopping, to: "x.json", in: folder)
    for words in [
      ["run", "x.json", "--update-golden"], ["run", "x.json", "--update-golden", "--force"],
      ["test", "-u", "x.json"], ["test", "-u", "--force", "x.json"],
    ] {
      let result = try StagemonBinary.run(words, directory: folder)
      #expect(result.status == 1, "\(words)")
      #expect(
        (result.stdout + result.stderr).contains(
          "not writing expected/x.jsonl: a step could not run"), "\(words)")
      #expect(try String(contentsOf: golden, encoding: .utf8) == good, "\(words)")
    }
  }

  @Test func forceWritesTheGoldenOfAFailingRunAndStillExitsOne() throws {
    let folder = try HonestGoldenTests.folder(["x.json": HonestGoldenTests.failing])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try StagemonBinary.run(
      ["run", "x.json", "--update-golden", "--force"], directory: folder)
    #expect(run.status == 1)
    #expect(run.stderr.contains("wrote expected/x.jsonl"))
    #expect(run.stderr.contains("x.json: 1 expectations checked, 1 failed"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("expected"))
    let test = try StagemonBinary.run(["test", "-u", "--force", "x.json"], directory: folder)
    #expect(test.status == 1)
    #expect(test.stdout.contains("wrote expected/x.jsonl"))
  }
}
