import IVSRecords
import JSONKit
import MonitorUI
import StageEngine
import Testing

/// `attach` on a stage whose participants were first only listed (ListParticipants: the whole
/// list at once, each joined at its `firstJoinTime`, its events not read): a listed
/// participant's own record and first events follow on in the running model, declared again
/// as they say — no import of the whole session — and the model then stands where a whole
/// import of the same records puts it, after a late event and after time travel too.
@Suite struct LiveListedTests {
  typealias Late = LiveLateTests

  static func listed(_ entries: [(id: String, joined: String)]) -> String {
    let participants = entries.map {
      #"{"participantId": "\#($0.id)", "userId": "u-\#($0.id)", "state": "CONNECTED", "firstJoinTime": "2026-01-01T12:\#($0.joined)Z"}"#
    }
    return #"{"participants": [\#(participants.joined(separator: ","))]}"#
  }

  /// What the polls bring after the first import.
  enum Polls: CaseIterable, Sendable {
    /// Each poll's events newer than those before.
    case inOrder
    /// A poll's event older than one the poll before brought: the model goes back.
    case late
    /// The viewer's first events older than an event the first import read (a guest's join
    /// at :40): they make no step, so they follow on without going back.
    case old
  }

  static let first: [(String, String)] = [
    (
      "get-stage-session.json",
      #"{"stageSession": {"sessionId": "st-Listed", "startTime": "2026-01-01T11:59:00Z"}}"#
    ),
    ("list-participants.json", listed([("host", "00:00"), ("viewer", "00:02")])),
    ("get-participant.host.json", Late.record("host", os: "iOS")),
    (
      "host.events.json",
      Late.events([
        Late.event("PUBLISH_STARTED", "host", "00:01"), Late.event("JOINED", "host", "00:00"),
      ])
    ),
  ]

  /// The first import's answers: with `.old`, a guest who joined at :40 too.
  static func first(_ polls: Polls) -> [(String, String)] {
    guard polls == .old else { return first }
    return first + [("guest.events.json", Late.events([Late.event("JOINED", "guest", "00:40")]))]
  }

  /// Poll 1: the viewer's get-participant alone. Poll 2: its first events. Poll 3: host stops
  /// and leaves at :30 (with `.old`, at :50). With `.late`, poll 4: the viewer left at :20
  /// (older than poll 3's).
  static func polls(_ kind: Polls) -> [[(String, String)]] {
    var one = first(kind)
    one.append(("get-participant.viewer.json", Late.record("viewer", os: "Android")))
    var two = one
    two.append(
      (
        "viewer.events.json",
        Late.events([
          Late.event("SUBSCRIBE_STARTED", "viewer", "00:03", remote: "host"),
          Late.event("JOINED", "viewer", "00:02"),
        ])
      ))
    var three = two
    let stop = kind == .old ? "00:50" : "00:30"
    three[3].1 = Late.events([
      Late.event("LEFT", "host", stop), Late.event("PUBLISH_STOPPED", "host", stop),
      Late.event("PUBLISH_STARTED", "host", "00:01"), Late.event("JOINED", "host", "00:00"),
    ])
    guard kind == .late else { return [one, two, three] }
    var four = three
    four[5].1 = Late.events([
      Late.event("LEFT", "viewer", "00:20"),
      Late.event("SUBSCRIBE_STARTED", "viewer", "00:03", remote: "host"),
      Late.event("JOINED", "viewer", "00:02"),
    ])
    return [one, two, three, four]
  }

  @Test(arguments: Polls.allCases)
  func aListedParticipantsFirstRecordsFollowOnAndTheModelStandsWhereAWholeImportPutsIt(
    _ kind: Polls
  ) throws {
    let polls = Self.polls(kind)
    var importer = try LiveImport(
      files: try Late.files(Self.first(kind)), options: ImportOptions())
    let controller = Late.controller(try Late.setup(importer))
    #expect(controller.state.snapshot.participant("viewer")?.connection == .connected)
    for (index, poll) in polls.enumerated() {
      let update = importer.take(try Late.files(poll))
      guard case .follow? = update else {
        Issue.record("poll \(index + 1) did not follow on: \(String(describing: update))")
        return
      }
      controller.handle(try #require(update))
      #expect(!controller.needsWholeImport, "poll \(index + 1) followed on")
    }
    let whole = try LiveImport(
      files: try Late.files(polls[polls.count - 1]), options: ImportOptions())
    let reference = Late.controller(try Late.setup(whole))
    #expect(Late.state(controller) == Late.state(reference))
    #expect(controller.state.snapshot.participant("viewer")?.sdk.platform == .android)
    #expect(controller.state.sdkGuesses.sources["viewer"] == nil)

    // Back to the start and forward again: the viewer is declared as its records say.
    let runner = controller.state.runner
    let steps = runner.history.count
    try runner.travel(to: 0)
    try runner.travel(to: steps)
    let travelled = runner.stage.snapshot().participants.map {
      var participant = $0
      participant.token = nil
      return participant
    }.sorted { $0.id < $1.id }
    #expect(travelled == Late.state(reference))
  }
}
