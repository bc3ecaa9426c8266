import StageEngine
import Testing

@testable import IVSRecords

/// `attach`'s import between polls: newer events of known participants become the steps that
/// follow on, the work that of the new events alone however long the session; what cannot
/// follow on is refused so the whole session is imported again.
@Suite struct LiveImportTests {
  /// A host who joins and publishes, and a viewer who subscribes and then exchanges `rounds`
  /// times (a session as long as wanted), as one ListParticipantEvents file each.
  static func records(rounds: Int) throws -> RecordSet {
    var viewer: [String] = []
    for round in 0..<rounds {
      viewer.append(
        #"{"name": "TOKEN_EXCHANGED", "participantId": "viewer", "eventTime": "2026-01-01T12:\#(String(format: "%02d", 1 + round / 60)):\#(String(format: "%02d", round % 60)).500Z", "previousToken": {"capabilities": {"allow_subscribe": true}, "attributes": {"round": "\#(round)"}}, "newToken": {"capabilities": {"allow_subscribe": true}, "attributes": {"round": "\#(round + 1)"}}}"#
      )
    }
    viewer.append(
      #"{"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host", "eventTime": "2026-01-01T12:00:03Z"}"#
    )
    viewer.append(
      #"{"name": "JOINED", "participantId": "viewer", "eventTime": "2026-01-01T12:00:02Z"}"#)
    let host = [
      #"{"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-01-01T12:00:01Z"}"#,
      #"{"name": "JOINED", "participantId": "host", "eventTime": "2026-01-01T12:00:00Z"}"#,
    ]
    var records = RecordSet()
    try records.read(
      bytes: Array(#"{"events": [\#(viewer.reversed().joined(separator: ","))]}"#.utf8),
      file: "viewer.events.json")
    try records.read(
      bytes: Array(#"{"events": [\#(host.joined(separator: ","))]}"#.utf8), file: "host.events.json"
    )
    return records
  }

  static func events(_ json: String, file: String) throws -> [RecordedEvent] {
    var records = RecordSet()
    try records.read(bytes: Array(#"{"events": [\#(json)]}"#.utf8), file: file)
    return records.events
  }

  static let leave =
    #"{"name": "LEFT", "participantId": "host", "eventTime": "2026-01-01T13:00:00Z"}"#

  @Test(arguments: [1, 100, 1000])
  func aPollsWorkIsItsNewEventsHoweverLongTheSession(_ rounds: Int) throws {
    var importer = try LiveImport(records: Self.records(rounds: rounds), options: ImportOptions())
    let appended = importer.append(try Self.events(Self.leave, file: "host.events.json"))
    let steps = try #require(appended)
    #expect(importer.appendedEvents == 1)
    #expect(steps.map(\.summary).contains("leave host"), "\(steps.map(\.summary))")
    #expect(steps.count <= 3)
  }

  @Test func noNewEventsAreNoSteps() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let steps = importer.append([])
    #expect(steps?.isEmpty == true)
    #expect(importer.appendedEvents == 0)
  }

  @Test func aParticipantTheImportDoesNotKnowIsRefused() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let newcomer = try Self.events(
      #"{"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:00Z"}"#,
      file: "newcomer.events.json")
    let steps = importer.append(newcomer)
    #expect(steps == nil)
    #expect(importer.appendedEvents == 0)
  }

  @Test func anEventOlderThanTheLastOneTakenInIsRefused() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let late = try Self.events(
      #"{"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-01-01T12:00:00.500Z"}"#,
      file: "host.events.json")
    let steps = importer.append(late)
    #expect(steps == nil)
  }
}
