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
    #expect(result.stderr.contains("warning: SDK not stated for host, guest, carol, dave"))
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
    #expect(
      result.stdout.contains(
        "viewers carol on android@1.36.0 and dave on web@1.32.0 showed seat=2 for guest instead of"
          + " seat=1 for 1m from 10:02:00Z until guest stopped publishing at 10:03:00Z"))
    #expect(!result.stdout.contains("still show"))
    #expect(
      result.stdout.contains(
        "    carol (android@1.36.0): STALE from 10:02:00Z for 1m, showing seat=2 instead of seat=1,"
          + " until guest stopped publishing at 10:03:00Z; never saw it: guest did not publish"
          + " again while carol was on the stage [rules: visibility.republish-only]\n"))
    let json = try run(["explain", "--json"] + Self.sdks + Self.support)
    #expect(json.status == 0)
    #expect(json.stdout.contains(#""reproduced": true"#))
    #expect(json.stdout.contains(#""ended": "participantStopped""#))
  }

  /// A scenario the support engineer kept, edited so that guest republishes 20 s after its
  /// exchange: carol (Android 1.36.0) is stale until then and sees the new seat at once after.
  @Test(arguments: [
    (
      #"{"unpublish": "guest"}, {"publish": "guest"}"#,
      "saw it at 12:00:30Z when guest republished (onParticipantJoined)", "republished"
    ),
    (
      #"{"reconnect": "guest"}"#,
      "saw it at 12:00:30Z when guest left and joined again (onParticipantJoined)", "reconnected"
    ),
  ])
  func explainFollowsAnExchangeUntilTheViewerSeesIt(steps: String, text: String, cause: String)
    throws
  {
    let file = temporary("follow-\(cause).json")
    try """
    {"start": "2026-01-01T12:00:00Z", "recorded": [],
     "participants": [
       {"id": "guest", "sdk": "android@1.37.0", "capabilities": ["publish"], "attributes": {"seat": "3"}},
       {"id": "carol", "sdk": "android@1.36.0", "capabilities": ["subscribe"]}],
     "steps": [{"join": "guest"}, {"join": "carol"}, {"advance": "10s"},
       {"exchange": "guest", "token": {"attributes": {"seat": "2"}}}, {"advance": "20s"},
       \(steps), {"advance": "1m"}]}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try run(["explain", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "    carol (android@1.36.0): STALE from 12:00:10Z for 20s, showing seat=3 instead of"
          + " seat=2, until guest stopped publishing at 12:00:30Z; \(text)"
          + " [rules: visibility.republish-only]\n"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "  - viewer carol on android@1.36.0 showed seat=3 for guest instead of seat=2 for 20s"))
    #expect(!result.stdout.contains("still show"))
    let json = try run(["explain", "--json", file])
    #expect(json.stdout.contains(#""cause": "\#(cause)""#), "\(json.stdout)")
    #expect(json.stdout.contains(#""saw": "later""#))
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
