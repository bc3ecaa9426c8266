import JSONKit
import Testing

@testable import IVSRecords

/// Which polls follow on in the running monitor (`LiveImport.take`): events added at the
/// newest end of the events files (a new file's all), and participant files that only describe
/// participants anew; any other change imports the session whole again, and nothing new is no
/// update at all.
@Suite struct LiveTakeTests {
  static func event(_ name: String, _ id: String, _ time: String) -> JSON {
    .object([
      ("name", .string(name)), ("participantId", .string(id)),
      ("eventTime", .string("2026-01-01T12:\(time)Z")),
    ])
  }

  static func events(_ list: [JSON]) -> JSON { .object([("events", .array(list))]) }

  static func participant(_ id: String, userId: String, state: String = "CONNECTED") -> JSON {
    .object([
      (
        "participant",
        .object([
          ("participantId", .string(id)), ("userId", .string(userId)), ("state", .string(state)),
          ("osName", .string("iOS")), ("sdkVersion", .string("1.37.0")),
        ])
      )
    ])
  }

  static let hostEvents = events([
    event("PUBLISH_STARTED", "host", "00:01"), event("JOINED", "host", "00:00"),
  ])

  static func first() throws -> LiveImport {
    try LiveImport(
      files: [
        PolledFile(name: "get-participant.host.json", json: participant("host", userId: "ann")),
        PolledFile(name: "host.events.json", json: hostEvents),
      ], options: ImportOptions())
  }

  static func steps(_ update: LiveUpdate?) -> [String]? {
    guard case .follow(let addition, _)? = update else { return nil }
    return addition.steps.map(\.summary)
  }

  @Test func eventsAddedAtTheNewestEndFollowOn() throws {
    var importer = try Self.first()
    let later = Self.events(
      [Self.event("LEFT", "host", "00:30"), Self.event("PUBLISH_STOPPED", "host", "00:30")]
        + (Self.hostEvents["events"]?.arrayValue ?? []))
    let update = importer.take([PolledFile(name: "host.events.json", json: later)])
    guard case .follow(_, let recorded)? = update else {
      Issue.record("not followed on: \(String(describing: update))")
      return
    }
    #expect(recorded.map(\.name).sorted() == ["LEFT", "PUBLISH_STOPPED"])
    #expect(Self.steps(update)?.contains("leave host") == true)
  }

  @Test func nothingNewIsNoUpdate() throws {
    var importer = try Self.first()
    #expect(importer.take([]) == nil)
    #expect(importer.take([PolledFile(name: "host.events.json", json: Self.hostEvents)]) == nil)
  }

  @Test func aJoinersFilesFollowOn() throws {
    var importer = try Self.first()
    let update = importer.take([
      PolledFile(name: "get-participant.nina.json", json: Self.participant("nina", userId: "n")),
      PolledFile(
        name: "nina.events.json", json: Self.events([Self.event("JOINED", "nina", "00:05")])),
    ])
    guard case .follow(let addition, _)? = update else {
      Issue.record("not followed on: \(String(describing: update))")
      return
    }
    #expect(addition.participants.map(\.id) == ["nina"])
    #expect(importer.joined == ["nina"])
  }

  @Test func aParticipantDescribedAnewFollowsOnOnlyWhenWhatTheImportReadsIsTheSame() throws {
    var importer = try Self.first()
    let left = Self.participant("host", userId: "ann", state: "DISCONNECTED")
    #expect(Self.steps(importer.take([.init(name: "get-participant.host.json", json: left)])) == [])
    let renamed = Self.participant("host", userId: "anna")
    let update = importer.take([.init(name: "get-participant.host.json", json: renamed)])
    guard case .reimport(let session)? = update else {
      Issue.record("not imported again: \(String(describing: update))")
      return
    }
    let host = try #require(session.scenario.participants.first { $0.id == "host" })
    guard case .mint(let spec) = host.token else {
      Issue.record("host's token is not minted from the records")
      return
    }
    #expect(spec.userId == "anna")
  }

  @Test func anotherFileChangingOrEventsThatAreNotTheOldOnesPlusNewerOnesImportAgain() throws {
    var importer = try Self.first()
    let session = PolledFile(
      name: "get-stage-session.json",
      json: .object([
        (
          "stageSession",
          .object([
            ("sessionId", .string("st-1")), ("startTime", .string("2026-01-01T11:59:00Z")),
          ])
        )
      ]))
    guard case .reimport? = importer.take([session]) else {
      Issue.record("another file followed on")
      return
    }
    let rewritten = Self.events([Self.event("JOINED", "host", "00:00")])
    guard
      case .reimport(let again)? = importer.take([.init(name: "host.events.json", json: rewritten)])
    else {
      Issue.record("shorter events followed on")
      return
    }
    #expect(again.recorded.map(\.name) == ["JOINED"])
  }

  @Test func recordsThatNoLongerImportSayWhyAndTheNextChangeImportsWhole() throws {
    var importer = try Self.first()
    let broken = PolledFile(name: "host.events.json", json: .object([("events", .string("x"))]))
    guard case .unusable(let reason)? = importer.take([broken]) else {
      Issue.record("broken records were taken")
      return
    }
    #expect(reason.contains("host.events.json"), "\(reason)")
    let fixed = Self.events(
      [Self.event("LEFT", "host", "00:30")] + (Self.hostEvents["events"]?.arrayValue ?? []))
    guard
      case .reimport(let session)? = importer.take([.init(name: "host.events.json", json: fixed)])
    else {
      Issue.record("the fix followed on from an import that no longer stood")
      return
    }
    #expect(session.recorded.map(\.name).contains("LEFT"))
  }

  /// A re-import the caller does not allow yet (`reimporting: false`) keeps what cannot follow
  /// on aside, lets other files follow on meanwhile, holds later answers of the waiting files
  /// with them, and is made with everything once allowed.
  @Test func whatCannotFollowOnWaitsWhileOtherFilesFollowOn() throws {
    var importer = try Self.first()
    let renamed = PolledFile(
      name: "get-participant.host.json", json: Self.participant("host", userId: "anna"))
    #expect(importer.take([renamed], reimporting: false) == nil)
    #expect(importer.deferred == ["get-participant.host.json"])
    let nina = importer.take(
      [
        PolledFile(
          name: "nina.events.json", json: Self.events([Self.event("JOINED", "nina", "00:05")]))
      ], reimporting: false)
    guard case .follow(let addition, _)? = nina else {
      Issue.record("another file did not follow on: \(String(describing: nina))")
      return
    }
    #expect(addition.participants.map(\.id) == ["nina"])
    let again = PolledFile(
      name: "get-participant.host.json", json: Self.participant("host", userId: "anne"))
    #expect(importer.take([again], reimporting: false) == nil)
    guard case .reimport(let session)? = importer.take([], reimporting: true) else {
      Issue.record("the waiting answers were not imported once allowed")
      return
    }
    #expect(!importer.isBehind)
    #expect(Set(session.scenario.participants.map(\.id)) == ["host", "nina"])
    let host = try #require(session.scenario.participants.first { $0.id == "host" })
    guard case .mint(let spec) = host.token else {
      Issue.record("host's token is not minted from the records")
      return
    }
    #expect(spec.userId == "anne")
  }

  /// The first import of a live session holds every listed participant at once, ordered by
  /// first join (not by ID, nor by when the poller read them), their SDK unknown and their
  /// events not read; the session starts at its start time even before any event is read.
  @Test func everyListedParticipantIsImportedAtOnceInOrderOfFirstJoin() throws {
    let joins = [("zed", "00:01"), ("amy", "00:03"), ("bob", "00:02")]
    let list = JSON.object([
      (
        "participants",
        .array(
          joins.map { id, time in
            .object([
              ("participantId", .string(id)), ("state", .string("CONNECTED")),
              ("firstJoinTime", .string("2026-11-02T12:\(time)Z")),
            ])
          })
      )
    ])
    let stageSession = JSON.object([
      (
        "stageSession",
        .object([("sessionId", .string("st-1")), ("startTime", .string("2026-11-02T11:00:00Z"))])
      )
    ])
    let importer = try LiveImport(
      files: [
        PolledFile(name: "get-stage-session.json", json: stageSession),
        PolledFile(name: "list-participants.json", json: list),
      ], options: ImportOptions())
    #expect(importer.session.scenario.participants.map(\.id) == ["zed", "bob", "amy"])
    #expect(importer.session.sdks.allSatisfy { $0.source == .unknown })
    #expect(importer.session.covered.isEmpty)
    #expect(importer.session.recorded.isEmpty)
  }

  /// A session read before any of its events starts at its start time, not at a default
  /// (a join later in the session would otherwise meet a token minted for the default day).
  @Test func aSessionWithoutEventsStartsAtItsStartTime() throws {
    let stageSession = JSON.object([
      (
        "stageSession",
        .object([("sessionId", .string("st-1")), ("startTime", .string("2026-11-02T11:00:00Z"))])
      )
    ])
    let importer = try LiveImport(
      files: [PolledFile(name: "get-stage-session.json", json: stageSession)],
      options: ImportOptions())
    let start = try #require(RecordTime.milliseconds("2026-11-02T11:00:00Z"))
    #expect(importer.session.runnable.start == start / 1000)
  }

  /// EventBridge events pushed through a queue (`attach --events-queue`): a file that only
  /// grows at its end follows on with what came after the old events, timed by the
  /// envelope's `time` when the detail has none; one whose old events changed imports again.
  @Test func pushedEventsFollowOnAsTheyGrow() throws {
    var importer = try Self.first()
    func update(_ id: String, _ name: String, _ time: String) -> JSON {
      .object([
        ("version", .string("0")), ("id", .string(id)),
        ("detail-type", .string("IVS Stage Update")),
        ("source", .string("aws.ivs")), ("time", .string("2026-01-01T12:\(time)Z")),
        ("resources", .array([])),
        (
          "detail",
          .object([("event_name", .string(name)), ("participant_id", .string("host"))])
        ),
      ])
    }
    let name = "sqs" + LiveImport.pushedEventsSuffix
    let first = [update("e1", "Participant Unpublished", "00:20")]
    guard case .follow(_, let recorded)? = importer.take([.init(name: name, json: .array(first))])
    else {
      Issue.record("pushed events did not follow on")
      return
    }
    #expect(recorded.map(\.name) == ["PUBLISH_STOPPED"])
    #expect(recorded.first?.viaEventBridge == true)
    let more = first + [update("e2", "Participant Published", "00:25")]
    guard case .follow(_, let next)? = importer.take([.init(name: name, json: .array(more))]) else {
      Issue.record("more pushed events did not follow on")
      return
    }
    #expect(next.map(\.name) == ["PUBLISH_STARTED"])
    let rewritten = [update("e3", "Participant Published", "00:26")]
    guard case .reimport? = importer.take([.init(name: name, json: .array(rewritten))]) else {
      Issue.record("a rewritten file of pushed events followed on")
      return
    }
  }
}
