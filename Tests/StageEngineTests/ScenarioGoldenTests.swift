import Foundation
import JSONKit
import StreamCompare
import Testing

@testable import StageEngine

/// Runs every scenario of every scenario folder (a folder with an `expected/`
/// subfolder, such as `Scenarios/`) and compares its JSONL stream with
/// `expected/<name>.jsonl` the way `stagemon run --compare` does: `seq`
/// ignored, every differing region printed as a unified diff with its step.
///
/// Regenerate after a deliberate change, all or some (substring of the path):
/// `STAGEMON_UPDATE_GOLDEN=1 [STAGEMON_GOLDEN_FILTER=cohost] swift test --filter ScenarioGoldenTests`,
/// or one file with `swift run stagemon run Scenarios/X.json --update-golden`;
/// then review the diff against SPEC.md before committing.
@Suite struct ScenarioGoldenTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every scenario, as a path relative to the repository without `.json`.
  static let names: [String] = ScenarioFolders.scenarios(in: repository)

  static func path(_ name: String) -> String {
    repository.appendingPathComponent("\(name).json").path
  }

  static func goldenPath(_ name: String) -> String {
    let url = repository.appendingPathComponent(name)
    return url.deletingLastPathComponent().appendingPathComponent("expected")
      .appendingPathComponent("\(url.lastPathComponent).jsonl").path
  }

  static func run(_ name: String) throws -> (stream: String, runner: ScenarioRunner) {
    let scenario = try Scenario(contentsOfFile: path(name))
    let runner = try ScenarioRunner(scenario: scenario, file: "\(name).json")
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    try runner.run { events in
      for event in events { renderer.render(event, into: &bytes) }
    }
    return (String(decoding: bytes, as: UTF8.self), runner)
  }

  static func stream(of name: String) throws -> String { try run(name).stream }

  @Test func everyRequiredScenarioExists() {
    for required in [
      "cohost-upgrade", "downgrade-while-publishing", "visibility-matrix", "rejected-exchanges",
      "composition-on-reconnect", "composition-live", "stage-capacity", "mute", "network-drop",
      "two-compositions",
    ] {
      #expect(Self.names.contains("Scenarios/\(required)"), "missing Scenarios/\(required).json")
    }
  }

  @Test(arguments: names)
  func streamMatchesGolden(name: String) throws {
    let (actual, runner) = try Self.run(name)
    let golden = Self.goldenPath(name)
    let environment = ProcessInfo.processInfo.environment
    if environment["STAGEMON_UPDATE_GOLDEN"] == "1" {
      if let filter = environment["STAGEMON_GOLDEN_FILTER"], !name.contains(filter) { return }
      // A golden of a failing run would make the failure the expected behaviour.
      try #require(
        runner.expectationFailures.isEmpty,
        "not writing \(golden): \(runner.expectationFailures.map(\.description))")
      try actual.write(toFile: golden, atomically: true, encoding: .utf8)
      return
    }
    let expected = try #require(
      try? String(contentsOfFile: golden, encoding: .utf8),
      "no golden \(golden); write it with: swift run stagemon run \(name).json --update-golden")
    let diff = StreamDiff(
      expected: try JSONLStream(text: expected, name: golden),
      actual: try JSONLStream(text: actual, name: "this run of \(name).json"))
    #expect(diff.isEqual, "\(diff.hunks.count) differing region(s):\n\(diff.unified)")
  }

  @Test(arguments: names)
  func everyExpectationHolds(name: String) throws {
    let runner = try Self.run(name).runner
    #expect(runner.expectationFailures.map(\.description) == [])
    if name.hasPrefix("Scenarios/") {
      #expect(runner.expectationCheckCount > 0, "\(name) proves nothing: add expect steps")
    }
  }

  @Test(arguments: names)
  func everyStreamFieldCanBeUsedInAPattern(name: String) throws {
    for line in try Self.stream(of: name).split(separator: "\n") {
      for (key, _) in try JSONParser.parse(String(line)).objectValue ?? [] {
        #expect(EventFieldCatalog.names.contains(key), "\(key) is not in EventFieldCatalog")
      }
    }
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
    let description = try #require(try Scenario(contentsOfFile: Self.path(name)).description)
    #expect(!description.isEmpty)
  }
}

/// Finds scenario folders: every folder of the repository (outside sources,
/// tests and build products) that has an `expected/` subfolder of goldens.
enum ScenarioFolders {
  static let skipped: Set<String> = [".build", ".git", ".swiftpm", "Sources", "Tests", "expected"]

  static func scenarios(in root: URL) -> [String] {
    var found: [String] = []
    visit(root, relative: "", into: &found)
    return found.sorted()
  }

  private static func visit(_ folder: URL, relative: String, into found: inout [String]) {
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    let prefix = relative.isEmpty ? "" : relative + "/"
    if entries.contains("expected") {
      found += entries.filter { $0.hasSuffix(".json") }.map { prefix + String($0.dropLast(5)) }
    }
    for entry in entries where !skipped.contains(entry) && !entry.hasPrefix(".") {
      var isDirectory: ObjCBool = false
      let url = folder.appendingPathComponent(entry)
      if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
        visit(url, relative: prefix + entry, into: &found)
      }
    }
  }
}
