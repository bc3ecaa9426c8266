import IVSRecords
import StageEngine
import Testing

/// Bad input: each gets a message naming the file, the position and the problem.
@Suite struct BadRecordTests {
  private func failure(_ texts: [String]) -> String {
    do {
      _ = try RecordFixtures.records(texts)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func invalidJSONNamesLineAndColumn() {
    let text = "{\n  \"events\": [\n    {\"name\": \"JOINED\" \"participantId\": \"a\"}\n  ]\n}"
    #expect(
      failure([text])
        == "file1.json: line 3, column 23: invalid JSON: expected ',' or '}' in object")
  }

  @Test func invalidJSONLaterInTheFileComesBeforeABadTimestamp() {
    let text = """
      {"events": [{"name": "JOINED", "participantId": "a", "eventTime": "yesterday"}]}
      {"events": [}
      """
    #expect(
      failure([text]) == "file1.json: line 2, column 13: invalid JSON: unexpected character "
        + "'}', expected a value")
  }

  @Test func aBadTimestampNamesItsDocumentAndIndex() {
    let text = """
      {"events": []}
      {"nextToken": "x", "events": [{}, {"name": "LEFT", "participantId": "a", "eventTime": "noon"}]}
      """
    #expect(
      failure([text]).hasPrefix(
        "file1.json: document 2.events[1].eventTime: bad timestamp \"noon\"; expected ISO 8601"))
  }

  @Test func unknownShapeNamesTheAcceptedShapes() {
    let message = failure([#"{"foo": 1}"#])
    #expect(
      message.hasPrefix(
        "file1.json: not a known IVS record shape; accepted: list-participant-events"))
    #expect(message.contains("EventBridge \"IVS Stage Update\""))
  }

  @Test func eventsMissingFieldsAreReportedWithTheirIndexAndSkipped() throws {
    let records = try RecordFixtures.records([
      """
      {"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-01-01T00:00:00Z"},
                  {"participantId": "a", "eventTime": "2026-01-01T00:00:01Z"},
                  {"name": "LEFT", "eventTime": "2026-01-01T00:00:02Z"},
                  {"name": "LEFT", "participantId": "a"}]}
      """
    ])
    #expect(records.events.count == 1)
    #expect(
      records.issues.map(\.description) == [
        "file1.json: events[1]: event without \"name\"; skipped",
        "file1.json: events[2]: event without \"participantId\"; skipped",
        "file1.json: events[3]: event without \"eventTime\"; skipped",
      ])
    #expect(records.issues.filter { !$0.isInvalid }.isEmpty)
  }

  /// Escaped and non-ASCII names and timestamps read as their text (the reader takes plain
  /// ones straight from the input's bytes), and a bad one is quoted decoded.
  @Test func escapedNamesAndTimestampsReadAsTheirText() throws {
    let records = try RecordFixtures.records([
      #"{"events": [{"name": "JOI\u004eED", "participantId": "a", "eventTime": "2026-01-01T00:00:0\u0030Z"},"#
        + #"{"name": "HAND_RAISED_é", "participantId": "a", "eventTime": "2026-01-01T00:00:01Z"}]}"#
    ])
    #expect(records.events.map(\.name) == ["JOINED", "HAND_RAISED_é"])
    #expect(records.events.map(\.kind) == [.joined, nil])
    #expect(records.events.map(\.time) == [1_767_225_600_000, 1_767_225_601_000])
    #expect(
      failure([#"{"events": [{"name": "LEFT", "participantId": "a", "eventTime": "no\u006fn"}]}"#])
        .hasPrefix("file1.json: events[0].eventTime: bad timestamp \"noon\""))
  }

  @Test func unknownNamesAndCodesAreKeptAndReported() throws {
    let records = try RecordFixtures.records([
      """
      {"events": [{"name": "HAND_RAISED", "participantId": "a", "eventTime": "2026-01-01T00:00:00Z"},
                  {"name": "PUBLISH_ERROR", "participantId": "a", "eventTime": "2026-01-01T00:00:01Z",
                   "errorCode": "SOLAR_FLARE"}]}
      """
    ])
    #expect(records.events.map(\.name) == ["HAND_RAISED", "PUBLISH_ERROR"])
    #expect(
      records.issues.map(\.description) == [
        "file1.json: events[0]: unknown event name \"HAND_RAISED\": kept, outside the model",
        "file1.json: events[1]: unknown error code \"SOLAR_FLARE\": kept",
      ])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let comparison = try RecordComparison.run(session, file: "x", toleranceSeconds: 5)
    #expect(comparison.count(.outsideModel) == 2)
  }

  @Test(
    arguments: [
      ("2023-04-26T20:36:28+00:00", 1_682_541_388_000),
      ("2023-04-26T20:30:29.602000+00:00", 1_682_541_029_602),
      ("2026-04-20T10:02:11Z", 1_776_679_331_000),
      ("2026-04-20T12:02:11.5+02:00", 1_776_679_331_500),
      ("2026-04-20T05:02:11-0500", 1_776_679_331_000),
    ] as [(String, Int64)])
  func everyISOFormReads(text: String, milliseconds: Int64) {
    #expect(RecordTime.milliseconds(text) == milliseconds)
  }

  /// Writing a time back never traps, down to Int64.min (its fraction comes from the remainder).
  @Test(
    arguments: [
      (1_776_679_331_500, "2026-04-20T10:02:11.500Z"),
      (-1, "1969-12-31T23:59:59.999Z"),
      (0, "1970-01-01T00:00:00Z"),
    ] as [(Int64, String)])
  func timesWriteBackToISO(milliseconds: Int64, text: String) {
    #expect(RecordTime.iso8601(milliseconds: milliseconds) == text)
  }

  @Test func theEarliestInstantWritesWithoutTrapping() {
    #expect(RecordTime.iso8601(milliseconds: .min).hasSuffix(".192Z"))
  }

  @Test(arguments: [
    "2026-04-20_10:02:11Z", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-04-20T10:02:11",
    "yesterday", "2026-04-20T10:02:11.Z",
  ])
  func badTimestampIsAnErrorNamingTheField(text: String) {
    let message = failure([
      #"{"events": [{"name": "JOINED", "participantId": "a", "eventTime": "\#(text)"}]}"#
    ])
    #expect(
      message.hasPrefix("file1.json: events[0].eventTime: bad timestamp \"\(text)\""), "\(message)")
  }

  @Test func eventsOfTwoStagesAreAnErrorNamingBoth() {
    let a = Self.eventBridge(
      stage: "arn:aws:ivs:us-east-1:123456789012:stage/AAAAAAAAAAAA", session: "st-1")
    let b = Self.eventBridge(
      stage: "arn:aws:ivs:us-east-1:123456789012:stage/BBBBBBBBBBBB", session: "st-1", id: "e-2")
    #expect(
      failure([a, b])
        == "file2.json: records of two stages are mixed: arn:aws:ivs:us-east-1:123456789012:stage/BBBBBBBBBBBB here, arn:aws:ivs:us-east-1:123456789012:stage/AAAAAAAAAAAA in file1.json"
        + " (--allow-other-sessions keeps them together)"
    )
  }

  @Test func eventsOfTwoSessionsAreAnErrorNamingBoth() {
    let a = Self.eventBridge(
      stage: "arn:aws:ivs:us-east-1:123456789012:stage/AAAAAAAAAAAA", session: "st-1")
    let session = #"{"stageSession": {"sessionId": "st-2", "startTime": "2026-01-01T00:00:00Z"}}"#
    #expect(
      failure([a, session])
        == "file2.json: stageSession: records of two sessions are mixed: st-2 here, st-1 in file1.json"
        + " (--allow-other-sessions keeps them together)"
    )
  }

  @Test func eventBridgeArraysLinesAndRepeatedDeliveries() throws {
    let one = Self.eventBridge(
      stage: "arn:aws:ivs:us-east-1:123456789012:stage/AAAAAAAAAAAA", session: "st-1")
    let records = try RecordFixtures.records(["[\(one), \(one)]", one + "\n" + one + "\n"])
    #expect(records.events.count == 1)
    #expect(records.repeatedDeliveries == 3)
    #expect(records.events.first?.name == "PUBLISH_STARTED")
  }

  @Test func sdkForAnUnknownParticipantIsAUsageError() throws {
    let records = try RecordFixtures.records([
      #"{"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-01-01T00:00:00Z"}]}"#
    ])
    var options = ImportOptions()
    options.sdks = [try ImportOptions.assignment("zed=ios@1.37.0", option: "--sdk")]
    #expect(
      throws: ImportUsageError("--sdk zed=ios@1.37.0: no participant zed in the records (have: a)")
    ) {
      try RecordImporter.makeSession(from: records, options: options)
    }
  }

  @Test(arguments: ["carol", "carol=", "carol=android", "carol=symbian@1.0.0", "=ios@1.37.0"])
  func badProfileIsAUsageError(text: String) {
    #expect(throws: ImportUsageError.self) { try ImportOptions.assignment(text, option: "--sdk") }
  }

  static func eventBridge(stage: String, session: String, id: String = "e-1") -> String {
    """
    {"version": "0", "id": "\(id)", "detail-type": "IVS Stage Update", "source": "aws.ivs",
     "time": "2026-01-01T00:00:00Z", "resources": ["\(stage)"],
     "detail": {"session_id": "\(session)", "event_name": "Participant Published",
                "event_time": "2026-01-01T00:00:00Z", "user_id": "", "participant_id": "p1"}}
    """
  }
}
