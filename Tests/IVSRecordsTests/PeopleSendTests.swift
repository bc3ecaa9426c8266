import IVSRecords
import StageEngine
import Testing

/// Inputs people actually send (issue 19 item 8): each is read, or refused with a message
/// that names the file and the fix.
@Suite struct PeopleSendTests {
  private static let joined =
    #"{"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-03-14T18:10:20Z"}]}"#

  private func read(_ bytes: [UInt8]) throws -> RecordSet {
    var records = RecordSet()
    try records.read(bytes: bytes, file: "case.json")
    return records
  }

  private func failure(_ text: String) -> String {
    do {
      _ = try read(Array(text.utf8))
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func aUTF8ByteOrderMarkIsRead() throws {
    let records = try read([0xEF, 0xBB, 0xBF] + Array(Self.joined.utf8))
    #expect(records.events.map(\.name) == ["JOINED"])
  }

  @Test(arguments: [true, false]) func powerShellUTF16IsRead(littleEndian: Bool) throws {
    var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
    for unit in Self.joined.utf16 {
      let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bytes += littleEndian ? pair : pair.reversed()
    }
    #expect(try read(bytes).events.map(\.participantId) == ["a"])
  }

  @Test func awsCLITextOutputNamesTheFix() {
    let text = "EVENTS\t2026-03-14T18:10:20+00:00\tJOINED\ta\tFalse\n"
    #expect(
      failure(text)
        == "case.json: this is AWS CLI `--output text`, not JSON: rerun the command with `--output json`"
    )
  }

  @Test func awsCLIYAMLOutputNamesTheFix() {
    let text = "events:\n- eventTime: '2026-03-14T18:10:20+00:00'\n  name: JOINED\n"
    #expect(
      failure(text)
        == "case.json: this is AWS CLI `--output yaml`, not JSON: rerun the command with `--output json`"
    )
  }

  @Test func awsCLITableOutputNamesTheFix() {
    let text = """
      ---------------------------
      |  ListParticipantEvents  |
      +-------------------------+
      """
    #expect(
      failure(text)
        == "case.json: this is AWS CLI `--output table`, not JSON: rerun the command with `--output json`"
    )
  }

  @Test func aTruncatedPasteSaysWhereItEnds() {
    let text = """
      {"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-03-14T18:10:20Z"},
                  {"name": "LEFT", "participantId": "a", "eventTi
      """
    #expect(
      failure(text)
        == "case.json: the file ends inside events[1] (an unfinished string): was it cut? "
        + "Ask for the whole output again")
  }

  @Test(arguments: [
    ("2026-03-14 18:10:20+00:00", Int64(1_773_511_820_000)),
    ("2026-03-14 18:10:20.250000+00:00", 1_773_511_820_250),
  ])
  func boto3TimestampsAreRead(text: String, milliseconds: Int64) {
    #expect(RecordTime.milliseconds(text) == milliseconds)
  }

  @Test(arguments: ["1773511820", "1773511820000", "1773511820.25"])
  func epochSecondsAndMillisecondsAreRead(number: String) throws {
    let text = #"{"events": [{"name": "JOINED", "participantId": "a", "eventTime": \#(number)}]}"#
    let time = try #require(try read(Array(text.utf8)).events.first?.time)
    #expect(time / 1000 == 1_773_511_820)
  }

  @Test func anAWSCLIErrorIsNotRecords() {
    let text = """

      An error occurred (AccessDeniedException) when calling the ListParticipantEvents operation: User: arn:aws:iam::123456789012:user/support is not authorized to perform: ivs:ListParticipantEvents
      """
    #expect(
      failure(text)
        == "case.json: this is an AWS error, not records: AccessDeniedException: User: "
        + "arn:aws:iam::123456789012:user/support is not authorized to perform: "
        + "ivs:ListParticipantEvents")
  }

  @Test(arguments: [
    #"{"__type": "AccessDeniedException", "message": "User is not authorized"}"#,
    #"{"Error": {"Code": "AccessDeniedException", "Message": "User is not authorized"}}"#,
    #"{"code": "AccessDeniedException", "message": "User is not authorized"}"#,
  ])
  func anAWSErrorBodyIsNotRecords(text: String) {
    #expect(
      failure(text)
        == "case.json: this is an AWS error, not records: AccessDeniedException: User is not authorized"
    )
  }

  @Test func noEventsIsNothingToExplain() throws {
    let records = try read(Array(#"{"events": []}"#.utf8))
    #expect(records.events.isEmpty)
    #expect(throws: RecordError.self) { try records.requireEvents() }
    do {
      try records.requireEvents()
    } catch {
      #expect(
        "\(error)".hasPrefix(
          "case.json: nothing to explain: the records hold no events"))
    }
  }
}
