import StageEngine
import Testing

@testable import IVSRecords

/// `attach`'s import between polls: newer events, and participants who join, become what
/// follows on, the work that of the new records alone however long the session; what cannot
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
    let steps = try #require(appended?.steps)
    #expect(importer.appendedEvents == 1)
    #expect(steps.map(\.summary).contains("leave host"), "\(steps.map(\.summary))")
    #expect(steps.count <= 3)
  }

  @Test func noNewEventsAreNoSteps() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let addition = importer.append([])
    #expect(addition?.steps.isEmpty == true)
    #expect(addition?.participants.isEmpty == true)
    #expect(importer.appendedEvents == 0)
  }

  static let join = [
    #"{"name": "SUBSCRIBE_STARTED", "participantId": "newcomer", "remoteParticipantId": "host", "eventTime": "2026-01-01T13:00:01Z"}"#,
    #"{"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:00Z"}"#,
  ].joined(separator: ",")

  static var newcomerRecord: ParticipantRecord {
    var record = ParticipantRecord(id: "newcomer")
    record.osName = "Android"
    record.sdkVersion = "1.36.0"
    record.userId = "nina"
    return record
  }

  @Test(arguments: [1, 100, 1000])
  func aJoinsWorkIsItsOwnRecordsHoweverLongTheSession(_ rounds: Int) throws {
    var importer = try LiveImport(records: Self.records(rounds: rounds), options: ImportOptions())
    let appended = importer.append(
      try Self.events(Self.join, file: "newcomer.events.json"),
      records: ["newcomer": Self.newcomerRecord])
    let addition = try #require(appended)
    #expect(addition.participants.map(\.id) == ["newcomer"])
    #expect(addition.participants.first?.sdk.platform == .android)
    #expect(importer.joined == ["newcomer"])
    #expect(importer.appendedEvents == 2)
    #expect(
      addition.steps.map(\.summary).contains("join newcomer"), "\(addition.steps.map(\.summary))")
    #expect(addition.steps.count <= 3)
  }

  @Test func aNewcomersRecordWaitsForItsEvents() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let appendedRecord = importer.append([], records: ["newcomer": Self.newcomerRecord])
    let listed = try #require(appendedRecord)
    #expect(listed.participants.isEmpty && listed.steps.isEmpty)
    let appended = importer.append(try Self.events(Self.join, file: "newcomer.events.json"))
    let addition = try #require(appended)
    #expect(addition.participants.first?.sdk.platform == .android)
    guard case .mint(let spec)? = addition.participants.first?.token else {
      Issue.record("the newcomer's first token is not minted from its record")
      return
    }
    #expect(spec.userId == "nina")
  }

  /// The records of rounds `rounds` with a participant `newcomer` known only from
  /// ListParticipants (joined at its `firstJoinTime`, `joined`, its events not read yet).
  static func listed(rounds: Int, joined: String = "13:00:00") throws -> LiveImport {
    var records = try Self.records(rounds: rounds)
    try records.read(
      bytes: Array(
        #"{"participants": [{"participantId": "newcomer", "state": "CONNECTED", "firstJoinTime": "2026-01-01T\#(joined)Z"}]}"#
          .utf8), file: "list-participants.json")
    return try LiveImport(records: records, options: ImportOptions())
  }

  /// A participant the first import knew only from ListParticipants: its own record and first
  /// events follow on like any later event — it is planned from them and declared again
  /// before its steps — with work that of its own records alone however long the session.
  @Test(arguments: [1, 100, 1000])
  func aListedParticipantsFirstRecordsFollowOnHoweverLongTheSession(_ rounds: Int) throws {
    var importer = try Self.listed(rounds: rounds)
    #expect(importer.session.runnable.participants.contains { $0.id == "newcomer" })
    let appended = importer.append(
      try Self.events(Self.join, file: "newcomer.events.json"),
      records: ["newcomer": Self.newcomerRecord])
    let addition = try #require(appended)
    #expect(addition.participants.isEmpty)
    #expect(addition.redeclared.map(\.id) == ["newcomer"])
    let newcomer = try #require(addition.redeclared.first)
    #expect(newcomer.sdk.platform == .android)
    #expect(newcomer.strategy == StrategySettings(publish: .never, subscribe: .audioVideo))
    guard case .mint(let spec) = newcomer.token else {
      Issue.record("the listed participant's first token is not minted from its records")
      return
    }
    #expect(spec.userId == "nina")
    #expect(spec.capabilities?.publish == false)
    #expect(importer.appendedEvents == 2)
    // Joined already at its firstJoinTime, the time its JOINED says: no step of its own.
    #expect(addition.steps.map(\.summary) == ["advance 1s"])
    let later = importer.append(
      try Self.events(
        #"{"name": "LEFT", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:05Z"}"#,
        file: "newcomer.events.json"))
    #expect(later?.redeclared.isEmpty == true)
    #expect(later?.steps.map(\.summary).contains("leave newcomer") == true)
  }

  /// What a listed participant's own records say that the steps taken so far would have shown
  /// otherwise — it published, so it joined with another token than the list suggested — is
  /// not followed on: the session is imported again.
  @Test func aListedParticipantWhoseRecordsChangeWhatItJoinedWithIsImportedAgain() throws {
    var importer = try Self.listed(rounds: 2)
    let published = importer.append(
      try Self.events(
        #"{"name": "PUBLISH_STARTED", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:01Z"}, {"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:00Z"}"#,
        file: "newcomer.events.json"))
    #expect(published == nil)
  }

  /// A listed participant's SDK, once known, decides how it saw a publisher's values change
  /// while it watched: after such a change its SDK is not declared anew in place.
  @Test func aListedParticipantsSDKAfterAPublishersChangeItWatchedIsImportedAgain() throws {
    var importer = try Self.listed(rounds: 2)
    let exchange = importer.append(
      try Self.events(
        #"{"name": "TOKEN_EXCHANGED", "participantId": "host", "eventTime": "2026-01-01T13:00:10Z", "previousToken": {"capabilities": {"allow_publish": true, "allow_subscribe": true}}, "newToken": {"capabilities": {"allow_publish": true, "allow_subscribe": true}, "userId": "ann"}}"#,
        file: "host.events.json"))
    #expect(exchange != nil)
    #expect(importer.append([], records: ["newcomer": Self.newcomerRecord]) == nil)
  }

  /// A listed participant's first events are as old as its join, older than the events taken
  /// in (it joined before attach began): when they make no step of their own (its join at its
  /// `firstJoinTime`, its subscriptions) they follow on without going back; one that would (it
  /// left then) is imported again.
  @Test(arguments: [1, 100, 1000])
  func aListedParticipantsOldFirstEventsFollowOnWhenTheyMakeNoStep(_ rounds: Int) throws {
    var importer = try Self.listed(rounds: rounds, joined: "12:00:04")
    let first = [
      #"{"name": "SUBSCRIBE_STARTED", "participantId": "newcomer", "remoteParticipantId": "host", "eventTime": "2026-01-01T12:00:05Z"}"#,
      #"{"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T12:00:04Z"}"#,
    ]
    var left = importer
    let appended = importer.append(
      try Self.events(first.joined(separator: ","), file: "newcomer.events.json"),
      records: ["newcomer": Self.newcomerRecord])
    let addition = try #require(appended)
    #expect(addition.rewind == nil && addition.steps.isEmpty)
    #expect(addition.redeclared.map(\.id) == ["newcomer"])
    #expect(addition.redeclared.first?.sdk.platform == .android)
    let leaving =
      [#"{"name": "LEFT", "participantId": "newcomer", "eventTime": "2026-01-01T12:00:06Z"}"#]
      + first
    let gone = left.append(
      try Self.events(leaving.joined(separator: ","), file: "newcomer.events.json"),
      records: ["newcomer": Self.newcomerRecord])
    #expect(gone == nil)
  }

  /// Old first events that name a participant the import does not know yet (a publisher it
  /// subscribed to, its own records not read) cannot be taken where they are: its join would
  /// come now, not then. The session is imported again.
  @Test func aListedParticipantsOldEventsNamingAnUnknownPublisherAreImportedAgain() throws {
    var importer = try Self.listed(rounds: 2, joined: "12:00:04")
    let first = [
      #"{"name": "SUBSCRIBE_STARTED", "participantId": "newcomer", "remoteParticipantId": "stranger", "eventTime": "2026-01-01T12:00:05Z"}"#,
      #"{"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T12:00:04Z"}"#,
    ]
    let appended = importer.append(
      try Self.events(first.joined(separator: ","), file: "newcomer.events.json"),
      records: ["newcomer": Self.newcomerRecord])
    #expect(appended == nil)
  }

  /// A listed participant whose first events show no subscription follows on when nobody
  /// published while it was on the stage (its subscribe strategy could not have shown yet),
  /// and is imported again when someone did (the model had it subscribe).
  @Test(arguments: [false, true])
  func aListedViewerWithoutSubscriptionsFollowsOnOnlyIfNobodyPublishedWhileItWatched(
    published: Bool
  ) throws {
    var importer = try Self.listed(rounds: 2)
    if !published {
      var records = RecordSet()
      try records.read(
        bytes: Array(
          #"{"participants": [{"participantId": "newcomer", "state": "CONNECTED", "firstJoinTime": "2026-01-01T13:00:00Z"}]}"#
            .utf8), file: "list-participants.json")
      importer = try LiveImport(records: records, options: ImportOptions())
    }
    let appended = importer.append(
      try Self.events(
        #"{"name": "JOINED", "participantId": "newcomer", "eventTime": "2026-01-01T13:00:00Z"}"#,
        file: "newcomer.events.json"))
    #expect((appended == nil) == published)
    #expect(appended.map { $0.redeclared.map(\.strategy.subscribe) } ?? [.none] == [.none])
  }

  @Test func aKnownParticipantListedAgainFollowsOnButOneDescribedAnewDoesNot() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let again = importer.append([], records: ["host": ParticipantRecord(id: "host")])
    #expect(again != nil)
    var more = ParticipantRecord(id: "host")
    more.browserName = "Chrome"
    let anew = importer.append([], records: ["host": more])
    #expect(anew == nil)
  }

  static func viewerEvent(_ name: String, at time: String) -> String {
    #"{"name": "\#(name)", "participantId": "viewer", "eventTime": "2026-01-01T\#(time)Z"}"#
  }

  @Test(arguments: [1, 100, 1000])
  func aLateEventsWorkIsThePollsSinceItsMarkHoweverLongTheSession(_ rounds: Int) throws {
    var importer = try LiveImport(records: Self.records(rounds: rounds), options: ImportOptions())
    let first = importer.append(try Self.events(Self.leave, file: "host.events.json"))
    #expect(first?.rewind == nil)
    let late = try Self.events(
      Self.viewerEvent("LEFT", at: "12:59:59"), file: "viewer.events.json")
    let appended = importer.append(late)
    let addition = try #require(appended)
    #expect(addition.rewind == 1)
    #expect(importer.replayedEvents == 1)
    let summaries = addition.steps.map(\.summary)
    #expect(
      summaries.firstIndex(of: "leave viewer").map { at in
        summaries.firstIndex(of: "leave host").map { at < $0 } ?? false
      } == true, "\(summaries)")
    #expect(addition.steps.count <= 5)
  }

  @Test func aLateEventReachesBackOnlyAsFarAsTheNewestMarks() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    for second in 0...LiveImport.markLimit {
      let event = Self.viewerEvent(
        "PUBLISH_STOPPED", at: "12:30:\(String(format: "%02d", second))")
      let appended = importer.append(try Self.events(event, file: "viewer.events.json"))
      #expect(appended?.rewind == nil)
    }
    let early = importer.append(
      try Self.events(Self.viewerEvent("LEFT", at: "12:29:59"), file: "viewer.events.json"))
    #expect(early == nil)
  }

  @Test func anEventOlderThanEveryMarkIsRefused() throws {
    var importer = try LiveImport(records: Self.records(rounds: 2), options: ImportOptions())
    let late = try Self.events(
      #"{"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-01-01T12:00:00.500Z"}"#,
      file: "host.events.json")
    let appended = importer.append(late)
    #expect(appended == nil)
  }
}
