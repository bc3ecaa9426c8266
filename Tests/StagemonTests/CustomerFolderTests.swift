import Foundation
import Testing

/// `stagemon explain FOLDER` with no flags, as a support engineer runs it on a customer's
/// folder of CLI outputs (issue 19): the real binary.
@Suite struct CustomerFolderTests {
  static let folder = "Tests/Fixtures/customer-session"

  func run(_ arguments: [String], input: String = "") throws -> StagemonBinary.Output {
    try StagemonBinary.run(arguments, input: input, directory: RunCommandTests.repository)
  }

  @Test func aDirectoryIsReadAsItsJSONFiles() throws {
    let result = try run(["explain", "--sdk", "cT9rB4nY7eJs=android@1.37.0", Self.folder])
    #expect(!result.stdout.isEmpty, "\(result.stderr)")
    #expect(!result.stderr.contains("USAGE"))
    #expect(result.stdout.contains("TOKEN_EXCHANGED cT9rB4nY7eJs"))
  }

  @Test func theFolderWithNoFlagsReportsTheContradictionFirstAndExitsOne() throws {
    let result = try run(["explain", Self.folder])
    #expect(result.status == 1)
    #expect(!result.stderr.contains("USAGE"))
    #expect(
      result.stdout.hasPrefix(
        "Summary\n  - get-participant says android@1.36.0, but cT9rB4nY7eJs (jonas, role=viewer)"
          + " exchanged tokens 4 times"))
    let json = try run(["explain", "--json", Self.folder])
    #expect(json.stdout.contains(#""sdkSource": "records""#))
    #expect(json.stdout.contains(#""sdkSource": "guessed""#))
  }

  @Test func aDirectoryWithoutRecordsNamesIt() throws {
    let empty = try StagemonBinary.temporaryDirectory()
    let result = try run(["explain", empty.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stagemon: \(empty.path) is a folder without files; name the record files\n")
  }

  @Test func noEventsIsNothingToExplainAndExitsOne() throws {
    let result = try run(["explain", "-"], input: #"{"events": []}"#)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("stagemon: -: nothing to explain: the records hold no events"))
  }

  @Test func anAWSErrorFromStandardInputIsNamed() throws {
    let result = try run(
      ["explain", "-"],
      input:
        "An error occurred (AccessDeniedException) when calling the GetParticipant operation: denied\n"
    )
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stagemon: -: this is an AWS error, not records: AccessDeniedException: denied\n")
  }
}

extension CustomerFolderTests {
  @Test func severalSDKsAndACompositionAreComparedInOneReport() throws {
    let result = try run([
      "explain", "--sdk", "aL6dF1gH3jKo=android@1.36.0,android@1.37.0", "--composition", "live",
      "--order", "seat", Self.folder,
    ])
    #expect(
      result.stdout.contains(
        "\nWhat if (the same records, other SDKs)\n  with aL6dF1gH3jKo=android@1.37.0:\n"))
    #expect(result.stdout.contains("what-if: a server-side composition (policy live)"))
    let bad = try run(["explain", "--composition", "sometimes", Self.folder])
    #expect(bad.status == 2)
    #expect(
      bad.stderr.hasPrefix("stagemon: --composition sometimes: expected on-reconnect or live"))
  }
}

extension CustomerFolderTests {
  @Test func svgIsWrittenBesideTheReport() throws {
    let directory = try StagemonBinary.temporaryDirectory()
    let svg = directory.appendingPathComponent("lanes.svg").path
    let result = try run(["explain", "--svg", svg, Self.folder])
    #expect(result.stdout.hasPrefix("Summary\n"))
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(text.hasSuffix("</svg>\n"))
    let missing = try run([
      "explain", "--svg", directory.appendingPathComponent("no/such/dir.svg").path, Self.folder,
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("\nstagemon: cannot write"))
  }
}
