import Foundation
import Testing

/// `stagemon run --compare` and `--update-golden`: every differing region as a
/// unified diff with its step, `seq` ignored, clear errors for bad goldens.
@Suite struct RunCompareTests {
  static let scenario = "Scenarios/downgrade-while-publishing.json"
  static let golden = RunCommandTests.repository.appendingPathComponent(
    "Scenarios/expected/downgrade-while-publishing.jsonl")

  func run(_ arguments: [String]) throws -> StagemonBinary.Output {
    try StagemonBinary.run(arguments, directory: RunCommandTests.repository)
  }

  /// The golden with `edit` applied to its lines, in a temporary file.
  func editedGolden(_ edit: ([String]) -> [String]) throws -> URL {
    let lines = try String(contentsOf: Self.golden, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let url = try StagemonBinary.temporaryDirectory().appendingPathComponent("golden.jsonl")
    try (edit(lines).joined(separator: "\n") + "\n").write(
      to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func theBundledGoldenMatches() throws {
    let result = try run(["run", Self.scenario, "--compare", Self.golden.path])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("matches"))
  }

  @Test func renumberedSeqIsIgnored() throws {
    let golden = try editedGolden { lines in
      lines.map { $0.replacingOccurrences(of: #"{"seq":"#, with: #"{"seq":9"#) }
    }
    let result = try run(["run", Self.scenario, "--compare", golden.path])
    #expect(result.status == 0)
  }

  @Test func everyDifferingRegionIsShownWithItsStep() throws {
    let golden = try editedGolden { lines in
      var edited = lines
      edited.remove(at: 3)
      edited[edited.count - 3] = #"{"seq":1,"kind":"invented"}"#
      return edited
    }
    let result = try run(["run", Self.scenario, "--compare", golden.path])
    #expect(result.status == 1)
    let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(headers.count == 2)
    #expect(headers.first?.hasSuffix("@@ join host") == true)
    #expect(result.stdout.contains("\n-{\"kind\":\"invented\"}\n"))
    #expect(result.stdout.hasPrefix("--- \(golden.path)\n+++ this run of \(Self.scenario)\n"))
    #expect(result.stderr.contains("differs from \(golden.path) in 2 region(s)"))
  }

  @Test(arguments: [
    ("no-such.jsonl", "no golden file no-such.jsonl; write one with: stagemon run"),
    (scenario, "line 1 is not a JSON object ({); expected JSONL"),
  ])
  func aMissingOrNonJSONLGoldenExitsOneBeforeRunning(golden: String, message: String) throws {
    let result = try run(["run", Self.scenario, "--compare", golden])
    #expect(result.status == 1)
    #expect(result.stderr.contains(message))
    #expect(result.stdout.isEmpty)
  }

  @Test func updateGoldenWritesWhatCompareAccepts() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("x.json")
    try FileManager.default.copyItem(
      at: RunCommandTests.repository.appendingPathComponent(Self.scenario), to: scenario)
    let update = try StagemonBinary.run(["run", "x.json", "--update-golden"], directory: folder)
    #expect(update.status == 0)
    let written = try String(
      contentsOf: folder.appendingPathComponent("expected/x.jsonl"), encoding: .utf8)
    #expect(written == (try String(contentsOf: Self.golden, encoding: .utf8)))
    let compare = try StagemonBinary.run(
      ["run", "x.json", "--compare", "expected/x.jsonl"], directory: folder)
    #expect(compare.status == 0)
  }

  /// With `--compare`, standard output is the diff alone, with or without `--headless`:
  /// the stream never joins it.
  @Test(arguments: [[], ["--headless"], ["--headless", "--format", "text"]])
  func compareWritesOnlyTheDiffToStandardOutput(extra: [String]) throws {
    let golden = try editedGolden { Array($0.dropLast()) }
    let result = try run(["run", Self.scenario, "--compare", golden.path] + extra)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("--- \(golden.path)\n+++ this run of \(Self.scenario)\n"))
    let lines = result.stdout.split(separator: "\n")
    #expect(
      lines.allSatisfy {
        $0.hasPrefix("---") || $0.hasPrefix("+++") || $0.hasPrefix("@@") || $0.hasPrefix(" ")
          || $0.hasPrefix("+") || $0.hasPrefix("-")
      })
    #expect(lines.filter { $0.hasPrefix("+{") }.count == 1)
    #expect(!result.stdout.contains("\"seq\""))
  }

  /// `--compare --out FILE` writes the whole stream to FILE, and standard output stays empty
  /// when the run matches.
  @Test(arguments: [[], ["--headless"]])
  func compareWritesTheStreamOnlyWhereOutSays(extra: [String]) throws {
    let folder = try StagemonBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("stream.jsonl")
    let result = try run(
      ["run", Self.scenario, "--compare", Self.golden.path, "--out", out.path] + extra)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("matches"))
    let written = try String(contentsOf: out, encoding: .utf8)
    #expect(written == (try String(contentsOf: Self.golden, encoding: .utf8)))
  }
}
