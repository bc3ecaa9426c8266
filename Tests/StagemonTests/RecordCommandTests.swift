import Foundation
import Testing

/// `stagemon import` and `stagemon explain` as users run them: the real binary.
@Suite struct RecordCommandTests {
  static let support = ["carol", "dave", "guest", "guest.page2", "host"].map {
    "Tests/Fixtures/support-session/\($0).json"
  }
  static let sdks = [
    "--sdk", "host=ios@1.37.0", "--sdk", "guest=android@1.37.0", "--sdk", "carol=android@1.36.0",
    "--sdk", "dave=web@1.32.0",
  ]

  func run(_ arguments: [String]) throws -> StagemonBinary.Output {
    try StagemonBinary.run(arguments, directory: RunCommandTests.repository)
  }

  func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("stagemon-\(getpid())-\(name)")
      .path
  }

  @Test func importWritesAScenarioThatRunsAndWarnsAboutGuessedSDKs() throws {
    let result = try run(["import"] + Self.support)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\n  \"description\": \"Imported from IVS records: 27 events"))
    #expect(result.stderr.contains("warning: SDK guessed for host, guest, carol, dave"))
    let out = temporary("imported.json")
    #expect(try run(["import", "--out", out] + Self.sdks + Self.support).status == 0)
    let headless = try run(["run", out, "--headless"])
    #expect(headless.status == 0)
    #expect(headless.stdout.contains(#""source":"belief","observer":"carol""#))
  }

  @Test func explainReproducesTheSessionAndNamesTheStaleViewers() throws {
    let result = try run(["explain"] + Self.sdks + Self.support)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Summary\n  - 27 recorded events: 27 reproduced by the model"))
    #expect(result.stdout.contains("viewer carol on android@1.36.0 still shows"))
    #expect(result.stdout.contains("viewer dave on web@1.32.0 still shows"))
    let json = try run(["explain", "--json"] + Self.sdks + Self.support)
    #expect(json.status == 0)
    #expect(json.stdout.contains(#""reproduced": true"#))
  }

  @Test func explainOfAnImportedScenarioComparesAgain() throws {
    let out = temporary("again.json")
    #expect(try run(["import", "--out", out] + Self.sdks + Self.support).status == 0)
    let result = try run(["explain", out])
    #expect(result.status == 0)
    #expect(result.stdout.contains("27 reproduced by the model"))
  }

  @Test func explainExitsOneOnADivergence() throws {
    let late = temporary("late.json")
    try
      #"{"events": [{"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-04-20T10:04:00Z"}]}"#
      .write(toFile: late, atomically: true, encoding: .utf8)
    let result = try run(["explain", "--tolerance", "5s"] + Self.sdks + Self.support + [late])
    #expect(result.status == 1)
    #expect(result.stdout.contains("MISSING IN MODEL"))
  }

  @Test func badJSONExitsOneNamingTheFileAndPlace() throws {
    let bad = temporary("bad.json")
    try "{\"events\": [\n  {\"name\": \"JOINED\" \"participantId\": \"a\"}\n]}"
      .write(toFile: bad, atomically: true, encoding: .utf8)
    let result = try run(["import", bad])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stagemon: \(bad): line 2, column 21: invalid JSON: expected ',' or '}' in object\n")
  }

  @Test func failedImportLeavesTheOutFileAsItWas() throws {
    let out = temporary("kept.json")
    try "previous".write(toFile: out, atomically: true, encoding: .utf8)
    let result = try run([
      "import", "--out", out, "Tests/Fixtures/ivs-records/ivs-realtime-shapes.json",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("not a known IVS record shape"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous")
  }

  @Test(arguments: [
    ["import", "--sdk", "nobody=ios@1.37.0"] + RecordCommandTests.support,
    ["import", "--sdk", "carol=android"] + RecordCommandTests.support,
    ["import", "--observer", "carol=android@1.36.0"] + RecordCommandTests.support,
    ["import"],
    ["explain", "--tolerance", "soon"] + RecordCommandTests.support,
  ])
  func usageErrorsExitTwo(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("stagemon: "))
  }
}
