import Foundation
import Testing

/// Drives the built `stagemon run` binary: exit codes, formats, errors on stderr.
@Suite struct RunCommandTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Runs the binary from the repository, so scenario paths are relative to it.
  func run(_ arguments: [String], stdin: String = "") throws -> StagemonBinary.Output {
    try StagemonBinary.run(arguments, input: stdin, directory: Self.repository)
  }

  @Test func headlessRunWritesJSONLWhenPipedAndMatchesTheGolden() throws {
    let result = try run(["run", "Scenarios/cohost-upgrade.json", "--headless"])
    #expect(result.status == 0)
    let golden = try String(
      contentsOf: Self.repository.appendingPathComponent("Scenarios/expected/cohost-upgrade.jsonl"),
      encoding: .utf8)
    #expect(result.stdout == golden)
  }

  @Test func textFormatAndOutFile() throws {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-run-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try run([
      "run", "Scenarios/cohost-upgrade.json", "--headless", "--format", "text", "--out", out.path,
    ])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let text = try String(contentsOf: out, encoding: .utf8)
    #expect(text.contains("shouldPublishFromParticipant"))
    #expect(text.hasPrefix("2026-01-01T12:00:00Z  runner"))
  }

  @Test func scenarioFromStandardInput() throws {
    let result = try run(
      ["run", "-", "--headless"],
      stdin: #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}]}"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""kind":"JOINED","participant":"a""#))
  }

  @Test func invalidScenarioExitsOneNamingFileAndPath() throws {
    let result = try run(
      ["run", "-", "--headless"],
      stdin: #"{"participants": [{"id": "a"}], "steps": [{"jion": "a"}]}"#)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        #"-:1:43: step 1 (steps[0]): unknown verb "jion" (did you mean "join"?)"#))
  }

  @Test func stepThatCannotRunExitsOneAfterWritingEarlierEvents() throws {
    let result = try run(
      ["run", "-", "--headless"],
      stdin:
        #"{"participants": [{"id": "a"}], "steps": [{"join": "a"}, {"answer": "a", "publish": true}]}"#
    )
    #expect(result.status == 1)
    #expect(result.stdout.contains(#""kind":"JOINED""#))
    #expect(result.stderr.contains("step 2 (steps[1]): answer cannot run"))
  }

  @Test(arguments: [
    ["run"], ["run", "Scenarios/cohost-upgrade.json"],
    ["run", "Scenarios/cohost-upgrade.json", "--headless", "--format", "xml"],
    ["run", "Scenarios/cohost-upgrade.json", "--headless", "--bogus"],
  ])
  func usageErrorsExitTwo(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains("USAGE: stagemon run"))
  }

  @Test func withoutHeadlessItPointsToTheUI() throws {
    let result = try run(["run", "Scenarios/cohost-upgrade.json"])
    #expect(result.stderr.contains("stagemon Scenarios/cohost-upgrade.json"))
  }

  @Test func helpExitsZero() throws {
    let result = try run(["run", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("--format FORMAT"))
  }
}
