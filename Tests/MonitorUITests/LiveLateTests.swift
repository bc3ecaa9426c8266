import IVSRecords
import JSONKit
import MonitorUI
import StageEngine
import TerminalKit
import Testing

/// `attach` when the poller reads an event after a later one of another participant (it reads
/// each participant in turn): the running model goes back to the poll before the event and
/// goes on with it in time order, and then stands where a whole import of the same records
/// puts it — participants, stream states, who sees what — with the log's recorded lines in time
/// order.
@Suite struct LiveLateTests {
  static func event(_ name: String, _ id: String, _ time: String, remote: String? = nil) -> String {
    let about = remote.map { #", "remoteParticipantId": "\#($0)""# } ?? ""
    return
      #"{"name": "\#(name)", "participantId": "\#(id)"\#(about), "eventTime": "2026-01-01T12:\#(time)Z"}"#
  }

  static func events(_ list: [String]) -> String {
    #"{"events": [\#(list.joined(separator: ","))]}"#
  }

  static func record(_ id: String, os: String) -> String {
    #"{"participant": {"participantId": "\#(id)", "userId": "u-\#(id)", "state": "CONNECTED", "osName": "\#(os)", "sdkVersion": "1.37.0"}}"#
  }

  /// The poller's files: each poll adds newest-first events.
  static func files(_ texts: [(String, String)]) throws -> [PolledFile] {
    try texts.map { PolledFile(name: $0.0, json: try JSONParser.parse($0.1)) }
  }

  static let first: [(String, String)] = [
    ("get-participant.host.json", record("host", os: "iOS")),
    ("get-participant.viewer.json", record("viewer", os: "Android")),
    (
      "host.events.json",
      events([event("PUBLISH_STARTED", "host", "00:01"), event("JOINED", "host", "00:00")])
    ),
    (
      "viewer.events.json",
      events([
        event("SUBSCRIBE_STARTED", "viewer", "00:03", remote: "host"),
        event("JOINED", "viewer", "00:02"),
      ])
    ),
  ]

  /// Poll 1: host stops and leaves at :30. Poll 2 (late): viewer left at :20, and a guest who
  /// joined at :10 and subscribed to host.
  static func polls() -> [[(String, String)]] {
    var one = first
    one[2].1 = events([
      event("LEFT", "host", "00:30"), event("PUBLISH_STOPPED", "host", "00:30"),
      event("PUBLISH_STARTED", "host", "00:01"), event("JOINED", "host", "00:00"),
    ])
    var two = one
    two[3].1 = events([
      event("LEFT", "viewer", "00:20"),
      event("SUBSCRIBE_STARTED", "viewer", "00:03", remote: "host"),
      event("JOINED", "viewer", "00:02"),
    ])
    two.append(("get-participant.guest.json", record("guest", os: "Android")))
    two.append(
      (
        "guest.events.json",
        events([
          event("SUBSCRIBE_STARTED", "guest", "00:11", remote: "host"),
          event("JOINED", "guest", "00:10"),
        ])
      ))
    return [one, two]
  }

  /// Poll 1: host leaves at :30 and a guest joins at :31 (registered then). Poll 2 (late):
  /// viewer left at :20 — going back crosses the guest's registration.
  static func pollsAcrossAJoin() -> [[(String, String)]] {
    var one = polls()[0]
    one.append(("get-participant.guest.json", record("guest", os: "Android")))
    one.append(("guest.events.json", events([event("JOINED", "guest", "00:31")])))
    var two = one
    two[3].1 = polls()[1][3].1
    return [one, two]
  }

  static func controller(_ setup: MonitorSetup) -> AppController {
    var options = MonitorOptions()
    options.readOnlyReason = "read-only: a real stage"
    let controller = AppController(
      setup: setup, themes: ThemeCatalog(themes: [Theme.builtInDefault]),
      theme: Theme.builtInDefault, options: options)
    controller.followRecords()
    return controller
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

  static func setup(_ importer: LiveImport) throws -> MonitorSetup {
    try MonitorSetup.live(importer.session, name: "live session st-Late")
  }

  @Test(arguments: [false, true])
  func aLateEventGoesBackAndTheModelStandsWhereAWholeImportPutsIt(acrossAJoin: Bool) throws {
    let polls = acrossAJoin ? Self.pollsAcrossAJoin() : Self.polls()
    var importer = try LiveImport(files: try Self.files(Self.first), options: ImportOptions())
    let controller = Self.controller(try Self.setup(importer))
    for (index, poll) in polls.enumerated() {
      let update = importer.take(try Self.files(poll))
      guard case .follow? = update else {
        Issue.record("poll \(index + 1) did not follow on: \(String(describing: update))")
        return
      }
      controller.handle(try #require(update))
      #expect(!controller.needsWholeImport, "poll \(index + 1) followed on")
    }
    #expect(importer.replayedEvents == (acrossAJoin ? 3 : 2))
    #expect(importer.joined == ["guest"])

    let whole = try LiveImport(files: try Self.files(polls[1]), options: ImportOptions())
    let reference = Self.controller(try Self.setup(whole))
    #expect(Self.state(controller) == Self.state(reference))
    #expect(controller.state.snapshot.participant("viewer")?.connection == .disconnected)
    #expect(controller.state.snapshot.participant("guest")?.connection == .connected)
    let recorded = controller.state.log.visibleLines().filter { $0.source == "recorded" }
    #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(recorded.contains { $0.name == "LEFT" && $0.subject.hasPrefix("viewer") })
  }
}
