import IVSRecords
import JSONKit
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// `attach`'s monitor: the real stage and session in the header with the data's age, the poll
/// rate and throttling; SDKs the records did not state marked as guessed; and a poll that
/// brings newer records keeps what the user selected, scrolled, focused and zoomed.
@Suite struct LiveMonitorTests {
  static let arn = "arn:aws:ivs:us-west-2:123456789012:stage/RealStage001"

  /// The files a poll holds: host (its SDK stated), viewer (no sdkVersion: guessed), and
  /// `later` events appended to host's.
  static func files(later: [String] = [], hostUser: String = "maria") throws -> [PolledFile] {
    let host =
      later + [
        #"{"name": "PUBLISH_STARTED", "participantId": "host", "eventTime": "2026-01-01T12:00:01Z"}"#,
        #"{"name": "JOINED", "participantId": "host", "eventTime": "2026-01-01T12:00:00Z"}"#,
      ]
    let files = [
      (
        "manifest.json",
        #"{"kind": "stagemon-fetch-manifest", "version": 1, "stageArn": "\#(arn)", "sessionId": "st-Live1", "fetchedAt": "2026-01-01T12:01:00Z", "requestCount": 0, "complete": true, "problems": []}"#
      ),
      (
        "get-participant.host.json",
        #"{"participant": {"participantId": "host", "userId": "\#(hostUser)", "state": "CONNECTED", "osName": "iOS", "sdkVersion": "1.37.0", "published": true}}"#
      ),
      (
        "get-participant.viewer.json",
        #"{"participant": {"participantId": "viewer", "userId": "bob", "state": "CONNECTED", "osName": "iOS", "published": false}}"#
      ),
      ("host.events.json", #"{"events": [\#(host.joined(separator: ","))]}"#),
      (
        "viewer.events.json",
        #"{"events": [{"name": "SUBSCRIBE_STARTED", "participantId": "viewer", "remoteParticipantId": "host", "eventTime": "2026-01-01T12:00:03Z"}, {"name": "JOINED", "participantId": "viewer", "eventTime": "2026-01-01T12:00:02Z"}]}"#
      ),
    ]
    return try files.map { PolledFile(name: $0.0, json: try JSONParser.parse($0.1)) }
  }

  static func records(later: [String] = []) throws -> RecordSet {
    var records = RecordSet()
    for file in try files(later: later) { try records.read(json: file.json, file: file.name) }
    return records
  }

  static let laterEvents = [
    #"{"name": "LEFT", "participantId": "host", "eventTime": "2026-01-01T12:00:30Z"}"#,
    #"{"name": "PUBLISH_STOPPED", "participantId": "host", "eventTime": "2026-01-01T12:00:30Z"}"#,
  ]

  static func controller(_ records: RecordSet) throws -> AppController {
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    let controller = AppController(
      setup: try MonitorSetup.live(records, name: "live", imports: ImportOptions()),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: options)
    controller.followRecords()
    return controller
  }

  static func header(_ controller: AppController, width: Int = 220) -> String {
    let grid = Fixture.render(width: width, height: 1) { rect, grid in
      HeaderView.render(controller.state, in: rect, into: &grid)
    }
    return Fixture.text(grid).joined()
  }

  @Test func theHeaderNamesTheRealStageAndSessionWithTheDataAgeRateAndThrottling() throws {
    let controller = try Self.controller(Self.records())
    #expect(controller.state.stageID == "RealStage001")
    controller.showLive(
      LiveHeader(stageName: "qa-stage", sessionId: "st-Live1", dataAge: 2, rate: 1, throttled: 3))
    let header = Self.header(controller)
    #expect(header.contains("stage qa-stage (RealStage001)"), "\(header)")
    #expect(header.contains("live st-Live1 · data 2 s old · 1 req/s · throttled 3×"), "\(header)")
    #expect(!header.contains("AbCdEf123456"))
  }

  @Test func throttlingIsLeftOutUntilItHappensAndAsciiSaysItInAscii() {
    let calm = LiveHeader(stageName: nil, sessionId: "st-1", dataAge: nil, rate: 0.5, throttled: 0)
    #expect(calm.text(ascii: false) == "live st-1 · no data yet · 0.5 req/s")
    let busy = LiveHeader(stageName: nil, sessionId: "st-1", dataAge: 12, rate: 4, throttled: 2)
    #expect(busy.text(ascii: true) == "live st-1, data 12 s old, 4 req/s, throttled 2x")
  }

  /// The header's rate and its progress's rate are one figure in one shape (they once read
  /// "1.0 req/s" and "at 1 req/s" side by side).
  @Test func theHeaderAndItsProgressStateTheRateAlike() {
    let header = LiveHeader(
      stageName: nil, sessionId: "st-1", dataAge: 1, rate: 1, throttled: 0,
      progress: .init(read: 143, listed: 1_001, secondsLeft: 840))
    #expect(
      header.text(ascii: false)
        == "live st-1 · data 1 s old · 1 req/s · events for 143 of 1,001 participants; "
        + "full picture in ~14 min at 1 req/s")
  }

  @Test func aGuessedSDKIsMarkedInTheParticipantsPaneAndWhoSeesWhat() throws {
    let controller = try Self.controller(Self.records())
    #expect(controller.state.sdkGuesses.sources["viewer"] != nil)
    #expect(controller.state.sdkGuesses.sources["host"] == nil)
    let grid = Fixture.render(width: 100, height: 8) { rect, grid in
      ParticipantsView.render(controller.state, in: rect, into: &grid)
    }
    let rows = Fixture.text(grid)
    let viewer = try #require(rows.first { $0.contains("viewer") })
    let host = try #require(rows.first { $0.contains("host") })
    #expect(viewer.contains("@1.36.0?") || viewer.contains("@1.37.0?"), "\(viewer)")
    #expect(host.contains("ios@1.37.0") && !host.contains("ios@1.37.0?"), "\(host)")
    let index = try #require(controller.state.snapshot.participants.firstIndex { $0.id == "host" })
    while controller.state.selected != index { controller.perform(.down) }
    let row = try #require(controller.state.beliefs.first { $0.observer == "viewer" })
    #expect(row.profile.hasSuffix(SDKGuesses.mark), "\(row.profile)")
  }

  /// A participant only the list names (its GetParticipant and events not read yet) is on
  /// screen with its SDK, capabilities, publishing and token shown as unknown — never the
  /// profile or the defaults the model assumes; its first events do not follow on (its plan is
  /// made from them, as a whole import makes it) and once imported it is shown as read.
  @Test func aListedParticipantNotReadYetShowsWhatIsUnknownAsUnknown() throws {
    var records = try Self.records()
    try records.read(
      json: try JSONParser.parse(
        bytes: Array(
          #"{"participants": [{"participantId": "lurker", "userId": "l", "state": "CONNECTED", "firstJoinTime": "2026-01-01T12:00:02Z"}]}"#
            .utf8)), file: "list-participants.json")
    var importer = try LiveImport(records: records, options: ImportOptions())
    let controller = AppController(
      setup: try MonitorSetup.live(importer.session, name: "live"),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: MonitorOptions()
    )
    controller.followRecords()
    #expect(controller.state.unreadEvents == ["lurker"])
    func row() -> String? {
      let grid = Fixture.render(width: 100, height: 8) { rect, grid in
        ParticipantsView.render(controller.state, in: rect, into: &grid)
      }
      return Fixture.text(grid).first { $0.contains("lurker") }
    }
    let unread = try #require(row())
    #expect(unread.contains("unknown") && unread.contains("not read"), "\(unread)")
    #expect(!unread.contains("@") && !unread.contains("-S") && !unread.contains("in "), "\(unread)")
    var events = RecordSet()
    try events.read(
      bytes: Array(
        #"{"events": [{"name": "JOINED", "participantId": "lurker", "eventTime": "2026-01-01T12:00:40Z"}]}"#
          .utf8), file: "lurker.events.json")
    let followed = importer.append(events.events)
    #expect(followed == nil)
    try records.read(
      bytes: Array(
        #"{"events": [{"name": "JOINED", "participantId": "lurker", "eventTime": "2026-01-01T12:00:40Z"}]}"#
          .utf8), file: "lurker.events.json")
    controller.handle(.reimport(try LiveImport(records: records, options: ImportOptions()).session))
    #expect(controller.state.unreadEvents.isEmpty)
    let read = try #require(row())
    #expect(!read.contains("not read"), "\(read)")
  }

  @Test func aReimportRebuildsTheModelInPlaceAndKeepsSelectionFocusZoomAndTheLogsPlace()
    throws
  {
    var importer = try LiveImport(files: Self.files(), options: ImportOptions())
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    let controller = AppController(
      setup: try MonitorSetup.live(importer.session, name: "live"),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: options)
    controller.followRecords()
    let viewer = try #require(
      controller.state.snapshot.participants.firstIndex { $0.id == "viewer" })
    while controller.state.selected != viewer {
      controller.perform(viewer > controller.state.selected ? .down : .up)
    }
    while controller.state.focus != .log { controller.perform(.focusNext) }
    controller.perform(.up)
    controller.perform(.up)
    #expect(controller.state.logSelected != nil)
    controller.perform(.zoom)
    let pinned = try #require(controller.state.selectedLogLine)
    let pinnedLine = try #require(controller.state.log.line(pinned))
    let linesBefore = controller.state.log.visibleCount
    let runnerBefore = controller.state.runner

    // The host's record changed (its user ID): what the import planned no longer holds.
    let update = importer.take(try Self.files(later: Self.laterEvents, hostUser: "mariana"))
    guard case .reimport? = update else {
      Issue.record(
        "a changed record did not import the session again: \(String(describing: update))")
      return
    }
    controller.handle(try #require(update))
    #expect(controller.state.runner !== runnerBefore)
    #expect(controller.state.selectedParticipant?.id == "viewer")
    #expect(controller.state.focus == .log)
    #expect(controller.state.screenMode.zoomed == .log)
    let kept = try #require(
      controller.state.selectedLogLine.flatMap { controller.state.log.line($0) })
    #expect(kept.name == pinnedLine.name && kept.subject == pinnedLine.subject)
    #expect(controller.state.log.visibleCount > linesBefore)
    #expect(
      controller.state.log.visibleLines().contains { $0.source == "recorded" && $0.name == "LEFT" })
    #expect(controller.state.snapshot.participant("host")?.connection == .disconnected)
  }

  @Test func newEventsFollowOnInTheRunningMonitorWithTheViewKept() throws {
    var importer = try LiveImport(records: Self.records(), options: ImportOptions())
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    let controller = AppController(
      setup: try MonitorSetup.live(importer.session, name: "live"),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: options)
    controller.followRecords()
    let viewer = try #require(
      controller.state.snapshot.participants.firstIndex { $0.id == "viewer" })
    while controller.state.selected != viewer {
      controller.perform(viewer > controller.state.selected ? .down : .up)
    }
    while controller.state.focus != .log { controller.perform(.focusNext) }
    controller.perform(.up)
    controller.perform(.zoom)
    let pinned = try #require(controller.state.logSelected)
    let scroll = controller.state.logScroll
    var later = RecordSet()
    try later.read(
      bytes: Array(#"{"events": [\#(Self.laterEvents.joined(separator: ","))]}"#.utf8),
      file: "host.events.json")
    let appended = importer.append(later.events)
    let steps = try #require(appended)
    controller.follow(steps, recorded: later.events)
    #expect(importer.appendedEvents == 2)
    #expect(controller.state.snapshot.participant("host")?.connection == .disconnected)
    #expect(controller.state.selectedParticipant?.id == "viewer")
    #expect(controller.state.focus == .log)
    #expect(controller.state.screenMode.zoomed == .log)
    #expect(controller.state.logSelected == pinned)
    #expect(controller.state.logScroll >= scroll)
    #expect(
      controller.state.log.visibleLines().contains {
        $0.source == "recorded" && $0.name == "LEFT" && $0.subject.contains("not compared")
      })
  }
}

/// `attach` when a participant joins the live session: it follows on in the running monitor
/// (registered, then its steps), and the model stands where a whole import of the same records
/// puts it.
@Suite struct LiveJoinTests {
  static let guestRecord =
    #"{"participant": {"participantId": "guest", "userId": "gia", "state": "CONNECTED", "osName": "Android", "sdkVersion": "1.36.0", "published": false}}"#
  static let guestEvents = [
    #"{"name": "SUBSCRIBE_STARTED", "participantId": "guest", "remoteParticipantId": "host", "eventTime": "2026-01-01T12:00:11Z"}"#,
    #"{"name": "JOINED", "participantId": "guest", "eventTime": "2026-01-01T12:00:10Z"}"#,
  ]

  static func guest() throws -> RecordSet {
    var records = RecordSet()
    try records.read(bytes: Array(guestRecord.utf8), file: "get-participant.guest.json")
    try records.read(
      bytes: Array(#"{"events": [\#(guestEvents.joined(separator: ","))]}"#.utf8),
      file: "guest.events.json")
    return records
  }

  /// The model's participants and who sees what, by ID, without the tokens (each run signs
  /// with keys of its own).
  static func state(_ controller: AppController) -> [ParticipantSnapshot] {
    controller.state.snapshot.participants.map {
      var participant = $0
      participant.token = nil
      return participant
    }.sorted { $0.id < $1.id }
  }

  @Test func aJoinFollowsOnAndTheModelStandsWhereAWholeImportPutsIt() throws {
    var importer = try LiveImport(records: LiveMonitorTests.records(), options: ImportOptions())
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    let controller = AppController(
      setup: try MonitorSetup.live(importer.session, name: "live"),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: options)
    controller.followRecords()
    let guest = try Self.guest()
    let appended = importer.append(guest.events, records: guest.participants)
    let addition = try #require(appended)
    controller.follow(addition, recorded: guest.events)
    #expect(controller.state.snapshot.participant("guest")?.connection == .connected)
    #expect(controller.state.snapshot.participant("guest")?.sdk.platform == .android)
    #expect(controller.state.sdkGuesses.sources["guest"] == nil)

    var whole = try LiveMonitorTests.records()
    try whole.read(bytes: Array(Self.guestRecord.utf8), file: "get-participant.guest.json")
    try whole.read(
      bytes: Array(#"{"events": [\#(Self.guestEvents.joined(separator: ","))]}"#.utf8),
      file: "guest.events.json")
    let reference = try LiveMonitorTests.controller(whole)
    #expect(Self.state(controller) == Self.state(reference))
    #expect(
      controller.state.log.visibleLines().contains {
        $0.source == "recorded" && $0.name == "JOINED" && $0.subject.hasPrefix("guest")
      })
  }

  /// Nothing states the guest's SDK (no GetParticipant): it shows as unknown, never as the
  /// profile the model assumes.
  @Test func aJoinerWhoseSDKTheRecordsDoNotStateIsShownAsUnknown() throws {
    var importer = try LiveImport(records: LiveMonitorTests.records(), options: ImportOptions())
    let controller = AppController(
      setup: try MonitorSetup.live(importer.session, name: "live"),
      themes: ThemeCatalog(themes: [Fixture.theme]), theme: Fixture.theme, options: MonitorOptions()
    )
    controller.followRecords()
    var events = RecordSet()
    try events.read(
      bytes: Array(#"{"events": [\#(Self.guestEvents.joined(separator: ","))]}"#.utf8),
      file: "guest.events.json")
    let appended = importer.append(events.events)
    controller.follow(try #require(appended), recorded: events.events)
    #expect(controller.state.sdkGuesses.sources["guest"] != nil)
    let row = try #require(controller.state.snapshot.participant("guest"))
    #expect(controller.state.sdkGuesses.profile(row.sdk, of: "guest") == SDKGuesses.unknown)
  }
}
