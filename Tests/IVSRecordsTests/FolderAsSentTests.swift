import Foundation
import IVSRecords
import JSONKit
import StageEngine
import Testing

/// A customer's folder as it arrives (issue 29): AWS's own EventBridge shape, files of
/// kinds stagemon does not read, inputs pasted or exported from other tools.
@Suite struct FolderAsSentTests {
  /// AWS's documented "IVS Stage Update" shape: no `detail.event_time`, the time in the
  /// envelope (own work, after the records README §3).
  static func envelopeOnly(participant: String = "p1", time: String = "2026-01-01T00:00:05Z")
    -> String
  {
    """
    {"version": "0", "id": "e-\(participant)-\(time)", "detail-type": "IVS Stage Update",
     "source": "aws.ivs", "time": "\(time)",
     "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456"],
     "detail": {"session_id": "st-1CVugbu2cf2n8", "event_name": "Participant Published",
                "user_id": "", "participant_id": "\(participant)"}}
    """
  }

  @Test func anEventBridgeEventWithoutEventTimeIsTimedByItsEnvelope() throws {
    let records = try RecordFixtures.records([Self.envelopeOnly()])
    #expect(records.events.map(\.name) == ["PUBLISH_STARTED"])
    #expect(records.events.first?.time == 1_767_225_605_000)
    #expect(records.events.first?.hasWholeSecondTime == true)
    #expect(records.envelopeTimedEvents == 1)
    #expect(!records.issues.contains { $0.isInvalid })
  }

  @Test func anEnvelopeTimeWithinASecondOfAnExchangeIsCalledUnordered() throws {
    let exchange = """
      {"events": [
        {"name": "TOKEN_EXCHANGED", "participantId": "p1", "eventTime": "2026-01-01T00:00:05.400Z",
         "previousToken": {"capabilities": ["SUBSCRIBE"], "attributes": {}},
         "newToken": {"capabilities": ["PUBLISH", "SUBSCRIBE"], "attributes": {"role": "seller"}}},
        {"name": "JOINED", "participantId": "p1", "eventTime": "2026-01-01T00:00:01Z"}]}
      """
    let records = try RecordFixtures.records([exchange, Self.envelopeOnly()])
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    let note = session.runnable.notes.first { $0.contains("no detail.event_time") }
    #expect(
      note
        == "1 EventBridge event(s) carry no detail.event_time: timed by the envelope's time, whole"
        + " seconds; 1 within a second of a token exchange (PUBLISH_STARTED of p1 at"
        + " 2026-01-01T00:00:05Z): whether each came before or after the exchange is unknown (its"
        + " list-participant-events record has the exact time)")
  }
}

/// A folder written for one test, removed with it.
struct TemporaryFolder: ~Copyable {
  let path: String

  init(_ files: [String: String]) throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("stagemon-folder-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct RecordFolderTests {
  static let events = """
    {"events": [
      {"name": "PUBLISH_STARTED", "participantId": "a", "eventTime": "2026-03-14T18:10:21Z"},
      {"name": "JOINED", "participantId": "a", "eventTime": "2026-03-14T18:10:20Z"}]}
    """
  static let otherDay = """
    {"events": [{"name": "JOINED", "participantId": "z", "eventTime": "2026-03-11T09:30:00Z"}]}
    """
  static let otherStage = """
    {"detail-type": "IVS Stage Update", "time": "2026-03-14T18:10:22Z",
     "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/Other0Stage1"],
     "detail": {"session_id": "st-OTHER", "event_name": "Participant Published",
                "participant_id": "a"}}
    """
  static let stage = """
    {"detail-type": "IVS Stage Update", "time": "2026-03-14T18:10:21Z",
     "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456"],
     "detail": {"session_id": "st-MAIN", "event_name": "Participant Published",
                "participant_id": "a"}}
    """

  @Test func everyUsableFileIsReadAndEachOtherIsSkippedWithANote() throws {
    let folder = try TemporaryFolder([
      "a.json": Self.events, "notes.txt": "the customer said the seller badge lagged\n",
      "broken.json": "{\"events\": [", "z.json": Self.stage,
    ])
    let read = try RecordFolder.read([folder.path])
    #expect(read.records.events.count == 3)
    #expect(
      read.skipped.map { ($0.file as NSString).lastPathComponent } == ["broken.json", "notes.txt"])
    #expect(read.records.issues.filter { $0.message.hasPrefix("skipped: ") }.count == 2)
  }

  @Test func everyBlockerIsNamedAtOnce() throws {
    let folder = try TemporaryFolder([
      "a.json": Self.events, "b.json": Self.stage, "c.json": Self.otherStage,
      "d.json": Self.otherDay,
    ])
    #expect {
      try RecordFolder.read([folder.path])
    } throws: { error in
      guard case .otherSessions(let errors, _) = error as? RecordFolderError else { return false }
      return errors.map { ($0.file as NSString).lastPathComponent } == [
        "c.json", "c.json", "d.json",
      ]
    }
  }

  @Test func anotherSessionsFileIsRecognisedWithoutGetStageSession() throws {
    let folder = try TemporaryFolder(["a.json": Self.events, "d.json": Self.otherDay])
    #expect {
      try RecordFolder.read([folder.path])
    } throws: { error in
      "\(error)".hasSuffix(
        "d.json: 1 event(s) from 2026-03-11T09:30:00Z to 2026-03-11T09:30:00Z, more than an hour"
          + " from the other records (2026-03-14T18:10:20Z to 2026-03-14T18:10:21Z), of"
          + " participants they never name: another session? Leave the file out, add"
          + " get-stage-session's output, or keep it with --allow-other-sessions")
    }
    let kept = try RecordFolder.read([folder.path], allowsOtherSessions: true)
    #expect(kept.records.events.count == 3)
  }

  /// Finding 40015328: another stage's session at the same hours, its file beside a whole
  /// list-participants that does not list its participant.
  @Test func aFileOfParticipantsAWholeListingDoesNotListIsAnotherSessions() throws {
    let same = """
      {"events": [{"name": "JOINED", "participantId": "x", "eventTime": "2026-03-14T18:10:30Z"},
                  {"name": "SUBSCRIBE_STARTED", "participantId": "x", "remoteParticipantId": "y",
                   "eventTime": "2026-03-14T18:10:31Z"}]}
      """
    let listing = #"{"participants": [{"participantId": "a", "userId": "ana"}]}"#
    let folder = try TemporaryFolder(["a.json": Self.events, "l.json": listing, "x.json": same])
    #expect {
      try RecordFolder.read([folder.path])
    } throws: { error in
      "\(error)".hasSuffix(
        "x.json: 2 event(s) of x from 2026-03-14T18:10:30Z to 2026-03-14T18:10:31Z, whom the"
          + " session's list-participants (\(folder.path)/l.json) does not list and no other"
          + " record names: another session's? Leave the file out, or keep it with"
          + " --allow-other-sessions")
    }
    #expect(
      try RecordFolder.read([folder.path], allowsOtherSessions: true).records.events.count == 4)
    // A listing with a nextToken is not whole; a participant another record names is known.
    let paged = #"{"participants": [{"participantId": "a"}], "nextToken": "more"}"#
    let pagedFolder = try TemporaryFolder(["a.json": Self.events, "l.json": paged, "x.json": same])
    #expect(try RecordFolder.read([pagedFolder.path]).records.events.count == 4)
    let named = #"{"participant": {"participantId": "y", "userId": "yan"}}"#
    let namedFolder = try TemporaryFolder([
      "a.json": Self.events, "l.json": listing, "x.json": same, "y.json": named,
    ])
    #expect(try RecordFolder.read([namedFolder.path]).records.events.count == 4)
  }

  @Test func aPublisherNobodyWatchedThatNamesNobodyKnownIsAnotherSessions() throws {
    func events(_ id: String, _ list: [(String, String?, String)]) -> String {
      let items = list.map { name, remote, time in
        "{\"name\": \"\(name)\", \"participantId\": \"\(id)\","
          + (remote.map { " \"remoteParticipantId\": \"\($0)\"," } ?? "")
          + " \"eventTime\": \"2026-03-14T\(time)Z\"}"
      }
      return "{\"events\": [\(items.joined(separator: ", "))]}"
    }
    let host = events("h", [("JOINED", nil, "18:00:00"), ("PUBLISH_STARTED", nil, "18:00:01")])
    func watcher(until stop: String, from start: String = "18:00:02") -> String {
      events(
        "w",
        [
          ("JOINED", nil, "18:00:00"), ("SUBSCRIBE_STARTED", "h", start),
          ("SUBSCRIBE_STOPPED", "h", stop), ("LEFT", nil, stop),
        ])
    }
    let other = events(
      "z",
      [
        ("JOINED", nil, "18:10:00"), ("PUBLISH_STARTED", nil, "18:10:00"),
        ("SUBSCRIBE_STARTED", "q", "18:10:05"), ("PUBLISH_STOPPED", nil, "18:12:00"),
        ("LEFT", nil, "18:12:00"),
      ])
    let folder = try TemporaryFolder([
      "h.json": host, "w.json": watcher(until: "18:30:00"), "z.json": other,
    ])
    #expect {
      try RecordFolder.read([folder.path])
    } throws: { error in
      "\(error)".hasSuffix(
        "z.json: 5 event(s) of z, whom no other record names: it published from"
          + " 2026-03-14T18:10:00Z and nobody subscribed to it, though w was subscribed to h"
          + " then (\(folder.path)/w.json): another session's? Leave the file out, add"
          + " get-stage-session's or list-participants' output, or keep it with"
          + " --allow-other-sessions")
    }
    #expect(
      try RecordFolder.read([folder.path], allowsOtherSessions: true).records.events.count == 11)
    // Watched by nobody for long enough, watched by someone, or no publisher at all: kept.
    let cases = [
      ["h.json": host, "w.json": watcher(until: "18:10:05"), "z.json": other],
      ["h.json": host, "w.json": watcher(until: "18:30:00", from: "18:10:01"), "z.json": other],
      [
        "h.json": host, "w.json": watcher(until: "18:30:00"),
        "z.json": other.replacingOccurrences(of: "\"q\"", with: "\"h\""),
      ],
      [
        "h.json": host, "w.json": watcher(until: "18:30:00"),
        "z.json": other.replacingOccurrences(of: "PUBLISH_", with: "X_"),
      ],
    ]
    for files in cases {
      let kept = try TemporaryFolder(files)
      #expect(try RecordFolder.read([kept.path]).records.events.count == 11)
    }
  }

  @Test func aRejoinHoursLaterBySomeoneKnownIsTheSameSession() throws {
    let later = """
      {"events": [{"name": "JOINED", "participantId": "a", "eventTime": "2026-03-14T21:00:00Z"}]}
      """
    let folder = try TemporaryFolder(["a.json": Self.events, "b.json": later])
    #expect(try RecordFolder.read([folder.path]).records.events.count == 3)
  }

  @Test func aFolderOverTheCapIsRefusedBeforeReading() throws {
    let folder = try TemporaryFolder(["a.json": Self.events, "b.json": "", "c.json": ""])
    #expect(try RecordFolder.expanded([folder.path], maximum: 3).count == 3)
    #expect(throws: RecordFolderError.tooManyFiles(path: folder.path, count: 3, maximum: 2)) {
      try RecordFolder.expanded([folder.path], maximum: 2)
    }
  }

  @Test func aFileThatFailsLeavesTheSetAsItWas() throws {
    let folder = try TemporaryFolder([
      "a.json": Self.events,
      "b.json": #"{"participant": {"participantId": "q", "userId": "x"}}"# + "\n"
        + #"{"events": [{"name": "JOINED", "participantId": "q", "eventTime": "not a time"}]}"#,
    ])
    let read = try RecordFolder.read([folder.path])
    #expect(read.records.participants["q"] == nil)
    #expect(read.records.events.count == 2)
    #expect(read.skipped.count == 1)
  }
}

/// Item 6: inputs people send, each read or refused with what it is and what to send instead.
@Suite struct OtherToolsOutputTests {
  private func failure(_ text: String) -> String {
    do {
      _ = try RecordFixtures.records([text])
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func textOutputWithATokenLineFirstNamesTheFix() {
    let text = "LbXl0ZW1zIjoxfQ==\nEVENTS\t2026-03-14T18:10:20+00:00\tJOINED\ta\tFalse\n"
    #expect(
      failure(text)
        == "file1.json: this is AWS CLI `--output text`, not JSON: rerun the command with `--output json`"
    )
    let nextToken = "NEXTTOKEN\teyJ0b2tlbiI6IDF9\nEVENTS\t2026-03-14T18:10:20+00:00\tJOINED\n"
    #expect(failure(nextToken).hasSuffix("rerun the command with `--output json`"))
  }

  @Test func typographicQuotesAreNamed() {
    let text = "{“events”: [{“name”: “JOINED”}]}"
    #expect(
      failure(text)
        == "file1.json: the JSON's quotes are typographic (“ ”), as a chat app or word processor"
        + " makes them: ask for the file itself (attached, not pasted), or the command's output"
        + " saved with > FILE")
  }

  @Test func aZipIsNamedAsOne() throws {
    let folder = try TemporaryFolder([:])
    let path = folder.path + "/records.zip"
    try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: path))
    #expect {
      try RecordFolder.read([path])
    } throws: { error in
      "\(error)"
        == "cannot read \(path): a zip archive, not text: unpack it (unzip) and name the files or"
        + " the folder it holds"
    }
  }

  static let logged = #"""
    {"detail-type": "IVS Stage Update", "time": "2026-03-14T18:10:21Z", "id": "x-1",
     "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456"],
     "detail": {"session_id": "st-MAIN", "event_name": "Participant Published", "participant_id": "a"}}
    """#

  @Test func filterLogEventsOutputIsReadAndItsTokenIsNotAMissingPage() throws {
    let message = JSONWriter.compact(.string(Self.logged))
    let text = """
      {"events": [{"logStreamName": "s", "timestamp": 1773511821000, "message": \(message),
                   "ingestionTime": 1773511822000, "eventId": "1"}],
       "searchedLogStreams": [], "nextToken": "more"}
      """
    let records = try RecordFixtures.records([text])
    #expect(records.events.map(\.name) == ["PUBLISH_STARTED"])
    #expect(records.unansweredPages.isEmpty)
    #expect(records.issues.contains { $0.message.hasPrefix("this log output has a nextToken") })
  }

  @Test func aLogsInsightsCSVExportIsRead() throws {
    let quoted = "\"" + Self.logged.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let text = "@timestamp,@message\r\n2026-03-14 18:10:21.000,\(quoted)\r\n"
    let records = try RecordFixtures.records([text])
    #expect(records.events.map(\.participantId) == ["a"])
    #expect(
      failure("@timestamp,@logStream\n2026-03-14 18:10:21.000,s\n")
        == "file1.json: line 1: a CloudWatch Logs Insights export without a @message column:"
        + " export the query with `fields @timestamp, @message`")
  }

  @Test func aHARFileIsReadForItsIVSAnswers() throws {
    let answer = JSONWriter.compact(.string(RecordFolderTests.events))
    let har = """
      {"log": {"version": "1.2", "entries": [
        {"request": {"url": "https://console.aws.amazon.com/x"}, "response": {"content": {"text": "{}"}}},
        {"request": {"url": "https://ivsrealtime.us-east-1.amazonaws.com/ListParticipantEvents"},
         "response": {"content": {"mimeType": "application/json", "text": \(answer)}}}]}}
      """
    #expect(try RecordFixtures.records([har]).events.count == 2)
    let empty = #"{"log": {"entries": [{"request": {"url": "https://example.com"}}]}}"#
    #expect(failure(empty).hasPrefix("file1.json: log.entries: a browser HAR file holding no IVS"))
  }
}

/// Item 3: a get-composition output is read for its layout and attributes.
@Suite struct GetCompositionTests {
  static let composition = """
    {"composition": {"arn": "arn:aws:ivs:us-east-1:123456789012:composition/abcdABCDefgh",
      "stageArn": "arn:aws:ivs:us-east-1:123456789012:stage/AbCdEf123456", "state": "ACTIVE",
      "destinations": [], "tags": {}, "startTime": "2026-03-14T18:00:00Z",
      "layout": {"pip": {"featuredParticipantAttribute": "", "participantOrderAttribute": "seat",
                         "pipBehavior": "DYNAMIC", "pipParticipantAttribute": "role",
                         "pipPosition": "TOP_LEFT"}}}}
    """

  @Test func theLayoutAndAttributesAreRead() throws {
    let records = try RecordFixtures.records([RecordFolderTests.events, Self.composition])
    let configuration = try #require(records.composition?.configuration)
    #expect(configuration.layout == .pip)
    #expect(configuration.participantOrderAttribute == "seat")
    #expect(configuration.pipParticipantAttribute == "role")
    #expect(configuration.pipBehavior == .dynamic)
    #expect(configuration.pipPosition == "TOP_LEFT")
    // Started before 2026-04-16: layouts moved on republish or reconnect then.
    #expect(configuration.updates == .onReconnect)
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(session.runnable.composition == configuration)
    #expect(
      session.runnable.notes.contains(
        "composition from file2.json: composition: pip layout, order attribute seat, PiP attribute"
          + " role, started 2026-03-14T18:00:00Z; layouts move on republish or reconnect"
          + " (composition.layout.on-reconnect, before 2026-04-16); the model runs it from the"
          + " session's start"))
  }

  /// Soundness finding 1264-totals: a composition started 12 minutes into the records was
  /// modelled from the session's start and called stale for exchanges before it ran.
  @Test func aCompositionStartedAfterTheRecordsBeginStartsThenInTheModel() throws {
    let later = Self.composition.replacingOccurrences(
      of: "2026-03-14T18:00:00Z", with: "2026-03-14T18:10:21Z")
    let records = try RecordFixtures.records([RecordFolderTests.events, later])
    let configuration = try #require(records.composition?.configuration)
    let session = try RecordImporter.makeSession(from: records, options: ImportOptions())
    #expect(session.runnable.composition == nil)
    #expect(session.runsComposition)
    let steps = session.runnable.steps
    let join = try #require(
      steps.firstIndex {
        if case .join("a") = $0 { true } else { false }
      })
    let start = try #require(
      steps.firstIndex {
        if case .composition(.start("main", configuration)) = $0 { true } else { false }
      })
    #expect(join < start)
    #expect(session.runnable.notes.contains { $0.hasSuffix("the model runs it from its start") })
  }

  /// An endTime with milliseconds orders the stop among the events of its second: a join
  /// 300 ms after it is not the composition's to show.
  @Test func anEndTimeWithMillisecondsStopsBeforeTheEventsAfterIt() throws {
    func steps(ending end: String) throws -> (stop: Int, join: Int) {
      let ended = Self.composition.replacingOccurrences(
        of: #""startTime""#, with: #""endTime": "\#(end)", "startTime""#)
      let events = """
        {"events": [
          {"name": "JOINED", "participantId": "a", "eventTime": "2026-03-14T18:10:20Z"},
          {"name": "JOINED", "participantId": "b", "eventTime": "2026-03-14T18:10:20.800Z"},
          {"name": "LEFT", "participantId": "b", "eventTime": "2026-03-14T18:10:25Z"},
          {"name": "LEFT", "participantId": "a", "eventTime": "2026-03-14T18:10:26Z"}]}
        """
      let records = try RecordFixtures.records([events, ended])
      let steps = try RecordImporter.makeSession(from: records, options: ImportOptions())
        .runnable.steps
      let stop = try #require(
        steps.firstIndex {
          if case .composition(.stop) = $0 { true } else { false }
        })
      let join = try #require(
        steps.firstIndex {
          if case .join("b") = $0 { true } else { false }
        })
      return (stop, join)
    }
    let between = try steps(ending: "2026-03-14T18:10:20.500Z")
    #expect(between.stop < between.join)
    // Given to the whole second, it is not known to precede the events of its second.
    let whole = try steps(ending: "2026-03-14T18:10:20Z")
    #expect(whole.stop > whole.join)
  }
}
