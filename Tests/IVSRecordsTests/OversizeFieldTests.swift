import Foundation
import IVSRecords
import InputKit
import Seeded
import Testing

/// A value longer than the IVS real-time API allows for its field (issue 29, "bad input"): the
/// record holding it is skipped with a note naming the file, the record, the field, its length
/// and the limit, and the rest of the file is still read. The value is never echoed whole.
@Suite struct OversizeFieldTests {
  static let mebibyte = String(repeating: "a", count: 1 << 20)
  static let good =
    #"{"name": "JOINED", "participantId": "p1", "eventTime": "2026-01-01T00:00:00Z"}"#
  static let later =
    #"{"name": "LEFT", "participantId": "p1", "eventTime": "2026-01-01T00:01:00Z"}"#

  /// The events file `[good, event, later]` read as `import` reads it, with its one note.
  private func readAround(_ event: String) throws -> (events: Int, note: RecordIssue?) {
    let records = try RecordFixtures.records([
      #"{"events": [\#(Self.good), \#(event), \#(Self.later)]}"#
    ])
    let notes = records.issues.filter(\.isInvalid)
    #expect(notes.count <= 1, "\(notes)")
    return (records.events.count, notes.first)
  }

  @Test func aMebibyteParticipantIdIsRefusedNamingTheFieldAndLimitAndTheRestIsRead() throws {
    let (events, note) = try readAround(
      #"{"name": "JOINED", "participantId": "\#(Self.mebibyte)", "eventTime": "2026-01-01T00:00:30Z"}"#
    )
    #expect(events == 2)
    let issue = try #require(note)
    #expect(issue.origin == "file1.json: events[1]")
    #expect(
      issue.message.hasPrefix(
        "participantId \"\(String(repeating: "a", count: 48))… (1048576 bytes)\" has 1048576"
          + " characters, more than the 64 IVS allows (the IVS real-time API reference, Event,"
          + " Participant (participantId)); event skipped"))
    #expect(issue.description.utf8.count < 300)
  }

  @Test func aMebibyteAttributeInAnExchangedTokenIsRefused() throws {
    let (events, note) = try readAround(
      #"{"name": "TOKEN_EXCHANGED", "participantId": "p1", "eventTime": "2026-01-01T00:00:30Z","#
        + #" "previousToken": {"capabilities": ["SUBSCRIBE"]},"#
        + #" "newToken": {"capabilities": ["SUBSCRIBE"], "attributes": {"seat": "\#(Self.mebibyte)"}}}"#
    )
    #expect(events == 2)
    let issue = try #require(note)
    #expect(issue.origin == "file1.json: events[1]")
    #expect(issue.message.hasPrefix("newToken.attributes \"seat\" = \"aaaa"))
    #expect(
      issue.message.contains(
        "has 1048580 bytes of keys and values, more than the 1024 IVS allows (the IVS real-time API"
          + " reference, Participant (attributes: 1 KB total)); event skipped"))
    #expect(issue.description.utf8.count < 400)
  }

  @Test func anAttributeThatIsNotAStringCountsAsItsJSON() throws {
    let list = "[" + Array(repeating: "1", count: 600).joined(separator: ",") + "]"
    let (events, note) = try readAround(
      #"{"name": "TOKEN_EXCHANGED", "participantId": "p1", "eventTime": "2026-01-01T00:00:30Z","#
        + #" "newToken": {"attributes": {"seat": \#(list)}}}"#)
    #expect(events == 2)
    #expect(
      note?.message.hasPrefix("newToken.attributes \"seat\" = [1,1,1") == true,
      "\(String(describing: note))")
  }

  @Test func aMebibyteErrorCodeIsRefusedAtStagemonsOwnBound() throws {
    let (events, note) = try readAround(
      #"{"name": "PUBLISH_ERROR", "participantId": "p1", "eventTime": "2026-01-01T00:00:30Z","#
        + #" "errorCode": "\#(Self.mebibyte)"}"#)
    #expect(events == 2)
    let issue = try #require(note)
    #expect(
      issue.message.contains(
        "has 1048576 characters, more than the 128 stagemon reads (stagemon's bound: IVS states no"
          + " length for it); event skipped"))
  }

  @Test func valuesAtTheirLimitsAreKept() throws {
    let id = String(repeating: "p", count: 64)
    // 128 characters of two bytes each: the API counts characters, not bytes.
    let user = String(repeating: "é", count: 128)
    let attributes = #"{"k": "\#(String(repeating: "v", count: 1_023))"}"#
    let (events, note) = try readAround(
      #"{"name": "TOKEN_EXCHANGED", "participantId": "\#(id)", "eventTime": "2026-01-01T00:00:30Z","#
        + #" "newToken": {"userId": "\#(user)", "attributes": \#(attributes)}}"#)
    #expect(note == nil)
    #expect(events == 3)
  }

  @Test func aGetParticipantWithAHugeSDKVersionIsSkippedAndTheOthersKept() throws {
    let records = try RecordFixtures.records([
      #"{"events": [\#(Self.good)]}"#,
      #"{"participants": [{"participantId": "p1", "userId": "ann"},"#
        + #" {"participantId": "p2", "userId": "\#(Self.mebibyte)"}]}"#,
      #"{"participant": {"participantId": "p3", "sdkVersion": "\#(Self.mebibyte)"}}"#,
    ])
    #expect(records.events.count == 1)
    #expect(records.participants.keys.sorted() == ["p1"])
    let notes = records.issues.filter(\.isInvalid).map(\.description)
    #expect(notes.count == 2)
    #expect(notes.first?.hasPrefix("file2.json: participants[1]: userId \"aaa") == true)
    #expect(notes.first?.contains("more than the 128 IVS allows") == true)
    #expect(notes.first?.hasSuffix("; participant skipped") == true)
    #expect(notes.last?.hasPrefix("file3.json: participant: sdkVersion \"aaa") == true)
  }

  @Test func anEventBridgeEventWithAHugeDetailStringIsSkippedAndTheNextRead() throws {
    func event(_ id: String, user: String) -> String {
      #"{"id": "\#(id)", "detail-type": "IVS Stage Update", "time": "2026-01-01T00:00:10Z","#
        + #" "resources": ["arn:aws:ivs:us-east-1:123456789012:stage/abcdEFGH1234"],"#
        + #" "detail": {"session_id": "st-abcdefghijklm", "event_name": "Participant Published","#
        + #" "participant_id": "p1", "user_id": "\#(user)"}}"#
    }
    let records = try RecordFixtures.records([
      "[\(event("e1", user: Self.mebibyte)), \(event("e2", user: "ann"))]"
    ])
    #expect(records.events.count == 1)
    #expect(records.participants["p1"]?.userId == "ann")
    let invalid = records.issues.filter(\.isInvalid)
    let note = try #require(invalid.first)
    #expect(note.origin == "file1.json: [0]")
    #expect(note.message.hasPrefix("detail.user_id \"aaa"))
    #expect(note.message.hasSuffix("; EventBridge event skipped"))
  }

  @Test func aHugeSessionIdOrCompositionAttributeSkipsThatRecordOnly() throws {
    let records = try RecordFixtures.records([
      #"{"events": [\#(Self.good)]}"#,
      #"{"stageSession": {"sessionId": "\#(Self.mebibyte)", "startTime": "2026-01-01T00:00:00Z"}}"#,
      #"{"composition": {"layout": {"grid": {"featuredParticipantAttribute": "\#(Self.mebibyte)"}}}}"#,
    ])
    #expect(records.events.count == 1)
    #expect(records.session == nil && records.sessionStart == nil && records.composition == nil)
    let notes = records.issues.filter(\.isInvalid).map(\.description)
    #expect(notes.count == 2)
    #expect(notes.first?.contains("more than the 16 IVS allows") == true)
    #expect(
      notes.last?.hasPrefix("file3.json: composition: layout.grid.featuredParticipantAttribute")
        == true)
  }

  @Test func aHugeTimestampIsQuotedShortened() {
    do {
      _ = try RecordFixtures.records([
        #"{"events": [{"name": "JOINED", "participantId": "p1", "eventTime": "\#(Self.mebibyte)"}]}"#
      ])
      Issue.record("a mebibyte timestamp was read")
    } catch {
      #expect("\(error)".utf8.count < 400)
      #expect("\(error)".contains("… (1048576 bytes)"))
    }
  }

  @Test func aHugeAWSErrorOrManifestVersionIsQuotedShortened() {
    for text in [
      #"{"__type": "AccessDeniedException", "message": "\#(Self.mebibyte)"}"#,
      #"{"__type": "\#(Self.mebibyte)", "message": "denied"}"#,
      #"{"kind": "stagemon-fetch-manifest", "version": "\#(Self.mebibyte)"}"#,
    ] {
      do {
        _ = try RecordFixtures.records([text])
        Issue.record("read without an error")
      } catch {
        #expect("\(error)".utf8.count < 500)
        #expect("\(error)".contains("… (1048"))
      }
    }
  }

  /// Property: any field the reader keeps, given a value over its limit (any length up to
  /// 256 KiB, any characters, escaped or not), skips that one record with one note that names
  /// the field and the limit, stays short and terminal-safe; the events around it are read.
  @Test func everyOversizeFieldSkipsItsRecordWithAShortSafeNote() throws {
    for seed in UInt64(1)...60 {
      var random = SeededRandom(seed: seed)
      let (field, limit, make) = Self.fields[Int(random.next() % UInt64(Self.fields.count))]
      let length = limit + 1 + Int(random.next() % UInt64(random.next() % 2 == 0 ? 64 : 256 << 10))
      let value = Self.value(length: length, using: &random)
      let records = try RecordFixtures.records([
        #"{"events": [\#(Self.good), \#(Self.later)]}"#, make(value),
      ])
      let notes = records.issues.filter(\.isInvalid)
      #expect(records.events.count == 2, "seed \(seed) \(field)")
      #expect(notes.count == 1, "seed \(seed) \(field): \(notes)")
      let note = notes.first?.description ?? ""
      #expect(
        note.contains("\(field) \"") && note.contains("more than the \(limit) "),
        "seed \(seed): \(note)")
      #expect(note.utf8.count < 600 && TerminalText.isClean(note), "seed \(seed): \(note)")
    }
  }

  /// Characters of every kind a hostile or broken file holds, JSON-escaped where needed.
  private static func value(length: Int, using random: inout SeededRandom) -> String {
    let pieces = ["a", "Z", "9", "-", "é", "😀", "\\u001b", "\\n", "\\\"", "\\u202e"]
    var text = ""
    for _ in 0..<length { text += pieces[Int(random.next() % UInt64(pieces.count))] }
    return text
  }

  /// Each kept field: its name in the note, its limit, a record holding a value in it.
  static let fields: [(String, Int, @Sendable (String) -> String)] = [
    (
      "participantId", 64,
      { #"{"events": [{"name": "JOINED", "participantId": "\#($0)", "eventTime": 1}]}"# }
    ),
    (
      "remoteParticipantId", 64,
      {
        #"{"events": [{"name": "SUBSCRIBE_STARTED", "participantId": "p", "remoteParticipantId": "\#($0)", "eventTime": 1}]}"#
      }
    ),
    (
      "errorCode", 128,
      {
        #"{"events": [{"name": "PUBLISH_ERROR", "participantId": "p", "errorCode": "\#($0)", "eventTime": 1}]}"#
      }
    ),
    ("name", 128, { #"{"events": [{"name": "\#($0)", "participantId": "p", "eventTime": 1}]}"# }),
    (
      "newToken.userId", 128,
      {
        #"{"events": [{"name": "TOKEN_EXCHANGED", "participantId": "p", "eventTime": 1, "newToken": {"userId": "\#($0)"}}]}"#
      }
    ),
    ("userId", 128, { #"{"participant": {"participantId": "p", "userId": "\#($0)"}}"# }),
    ("sdkVersion", 128, { #"{"participant": {"participantId": "p", "sdkVersion": "\#($0)"}}"# }),
    ("sessionId", 16, { #"{"stageSession": {"sessionId": "\#($0)"}}"# }),
    (
      "detail.participant_id", 64,
      {
        #"{"detail-type": "IVS Stage Update", "time": "2026-01-01T00:00:00Z", "detail": {"event_name": "Participant Published", "participant_id": "\#($0)"}}"#
      }
    ),
    (
      "detail.error_code", 128,
      {
        #"{"detail-type": "IVS Stage Update", "time": "2026-01-01T00:00:00Z", "detail": {"event_name": "Participant Publish Error", "participant_id": "p", "error_code": "\#($0)"}}"#
      }
    ),
  ]
}
