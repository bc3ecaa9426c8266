import Foundation
import Testing

/// Mistakes made while writing scenarios are placed where editors jump (`FILE:LINE:COLUMN:`)
/// and named: a trailing comma, a `//` comment; a UTF-8 byte order mark is read past; a
/// step is named both as people count it and by its JSON path (`step 3 (steps[2])`).
@Suite struct ScenarioMistakeTests {
  static func check(_ text: String) throws -> StagemonBinary.Output {
    let folder = try HonestGoldenTests.folder(["x.json": text])
    defer { try? FileManager.default.removeItem(at: folder) }
    return try StagemonBinary.run(["run", "x.json", "--check"], directory: folder)
  }

  @Test func aTrailingCommaIsPlacedAndNamed() throws {
    let result = try Self.check(
      """
      { "participants": [{ "id": "host" }],
        "steps": [{ "join": "host" },] }
      """)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "stagemon: x.json:2:32: bad JSON: unexpected character ']', expected a value (a trailing comma before ']': JSON allows none)\n"
    )
  }

  @Test func aCommentIsPlacedAndNamed() throws {
    let result = try Self.check(
      """
      { "participants": [{ "id": "host" }], // the host
        "steps": [] }
      """)
    #expect(result.stderr.hasPrefix("stagemon: x.json:1:39: bad JSON: "))
    #expect(result.stderr.contains("(a comment: JSON has no comments)"))
  }

  @Test func aByteOrderMarkIsReadPast() throws {
    let result = try Self.check("\u{FEFF}" + TestCommandTests.passing)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func loadAndStepErrorsNameTheStepBothWays() throws {
    let load = try Self.check(
      """
      { "participants": [{ "id": "host" }],
        "steps": [{ "join": "host" },
                  { "jion": "host" }] }
      """)
    #expect(
      load.stderr.hasPrefix(#"stagemon: x.json:3:13: step 2 (steps[1]): unknown verb "jion""#))
    let run = try Self.check(GoldenLoopTests.stopping)
    #expect(run.status == 1)
    #expect(run.stderr.contains("stagemon: x.json:4:13: step 3 (steps[2]): answer cannot run"))
  }
}
