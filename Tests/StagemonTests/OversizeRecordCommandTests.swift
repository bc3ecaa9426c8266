import Foundation
import Testing

/// Issue 29: a record file holding a value longer than IVS allows for its field, read by the
/// real `import`: the record is skipped with a short note, the rest imported, and no line of
/// output quotes an outside value whole.
@Suite struct OversizeRecordCommandTests {
  @Test func aHugeParticipantIsSkippedAndNoWarningQuotesAnIdWhole() throws {
    let folder = try StagemonBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The longest participant ID IVS allows (64), and one of a mebibyte.
    let longest = String(repeating: "p", count: 64)
    let huge = String(repeating: "h", count: 1 << 20)
    let events = [
      #"{"name": "JOINED", "participantId": "\#(longest)", "eventTime": "2026-03-14T18:00:00Z"}"#,
      #"{"name": "JOINED", "participantId": "\#(huge)", "eventTime": "2026-03-14T18:00:01Z"}"#,
      #"{"name": "LEFT", "participantId": "\#(longest)", "eventTime": "2026-03-14T18:01:00Z"}"#,
    ]
    let file = folder.appendingPathComponent("events.json")
    try Data(#"{"events": [\#(events.joined(separator: ", "))]}"#.utf8).write(to: file)

    let result = try StagemonBinary.run(["import", file.path])
    #expect(result.stdout.contains(#""recorded""#), "\(result.stderr.prefix(500))")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.allSatisfy { $0.utf8.count < 400 }, "\(lines.map(\.utf8.count))")
    #expect(
      lines.contains {
        $0.hasPrefix("warning: \(file.path): events[1]: participantId \"hhhh")
          && $0.contains("… (1048576 bytes)\" has 1048576 characters, more than the 64 IVS allows")
      }, "\(result.stderr.prefix(2000))")
    // The warning about unstated SDKs names each participant shortened, as every message does.
    #expect(
      result.stderr.contains(
        "warning: SDK not stated for \(String(repeating: "p", count: 48))… (64 bytes)"),
      "\(result.stderr.prefix(2000))")
  }
}
