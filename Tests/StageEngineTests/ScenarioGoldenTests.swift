import Foundation
import Testing

@testable import StageEngine

/// Runs every scenario in `Scenarios/` and compares its JSONL stream with
/// `Scenarios/expected/<name>.jsonl`. Regenerate after a deliberate change with
/// `STAGEMON_UPDATE_GOLDEN=1 swift test --filter ScenarioGoldenTests`, then
/// review the diff against SPEC.md before committing.
@Suite struct ScenarioGoldenTests {
  static let scenariosDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

  static let names: [String] = {
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: scenariosDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  static func stream(of name: String) throws -> String {
    let path = scenariosDirectory.appendingPathComponent("\(name).json").path
    let scenario = try Scenario(contentsOfFile: path)
    let runner = try ScenarioRunner(scenario: scenario, file: "\(name).json")
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    try runner.run { events in
      for event in events { renderer.render(event, into: &bytes) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func everyRequiredScenarioExists() {
    for required in [
      "cohost-upgrade", "downgrade-while-publishing", "visibility-matrix", "rejected-exchanges",
      "composition-on-reconnect", "composition-live", "stage-capacity", "mute", "network-drop",
      "two-compositions",
    ] {
      #expect(Self.names.contains(required), "missing Scenarios/\(required).json")
    }
  }

  @Test(arguments: names)
  func streamMatchesGolden(name: String) throws {
    let actual = try Self.stream(of: name)
    let golden = Self.scenariosDirectory.appendingPathComponent("expected/\(name).jsonl")
    if ProcessInfo.processInfo.environment["STAGEMON_UPDATE_GOLDEN"] == "1" {
      try actual.write(to: golden, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    if let index = zip(actualLines, expectedLines).enumerated().first(where: {
      $0.element.0 != $0.element.1
    })?.offset {
      Issue.record(
        "\(name): line \(index + 1) differs\n  expected: \(expectedLines[index])\n  actual:   \(actualLines[index])"
      )
    }
    #expect(actualLines.count == expectedLines.count, "\(name): line count differs")
  }

  @Test(arguments: names)
  func runsAreByteIdenticalDespiteFreshKeys(name: String) throws {
    #expect(try Self.stream(of: name) == Self.stream(of: name))
  }

  @Test(arguments: names)
  func streamNeverContainsAWholeToken(name: String) throws {
    let stream = try Self.stream(of: name)
    let segment = "[A-Za-z0-9_-]{16,}"
    let token = try Regex("\(segment)\\.\(segment)\\.\(segment)")
    #expect(stream.firstMatch(of: token) == nil)
  }

  @Test(arguments: names)
  func everyScenarioHasAOneLineDescription(name: String) throws {
    let path = Self.scenariosDirectory.appendingPathComponent("\(name).json").path
    let description = try #require(try Scenario(contentsOfFile: path).description)
    #expect(!description.isEmpty)
  }
}
