import IVSRecords
import JSONKit
import Testing

@testable import stagemon

/// Which polls follow on in the running monitor: events added at the newest end of the events
/// files (a new file's all), and participant files that only describe participants anew;
/// every other file as it was.
@Suite struct LiveFeedTests {
  static func events(_ names: [String]) -> JSON {
    .object([("events", .array(names.map { .object([("name", .string($0))]) }))])
  }

  static let before: [String: JSON] = [
    "host.events.json": events(["PUBLISH_STARTED", "JOINED"]),
    "list-participants.json": .object([("participants", .array([]))]),
  ]

  @Test func eventsAddedAtTheNewestEndAreTheOnlyNews() throws {
    var after = Self.before
    after["host.events.json"] = Self.events([
      "LEFT", "PUBLISH_STOPPED", "PUBLISH_STARTED", "JOINED",
    ])
    let added = try #require(LiveFeed.news(from: Self.before, to: after)?.events)
    #expect(added.keys.sorted() == ["host.events.json"])
    #expect(
      added["host.events.json"]?.compactMap { $0["name"]?.stringValue } == [
        "LEFT", "PUBLISH_STOPPED",
      ])
  }

  @Test func nothingNewIsNoEvents() throws {
    let added = try #require(LiveFeed.news(from: Self.before, to: Self.before))
    #expect(added.events.isEmpty && added.participantFiles.isEmpty)
  }

  @Test func aJoinersFilesAreNews() throws {
    var joined = Self.before
    joined["newcomer.events.json"] = Self.events(["JOINED"])
    joined["get-participant.newcomer.json"] = Self.participant("newcomer", userId: "nina")
    joined["list-participants.json"] = .object([("participants", .array([.string("x")]))])
    let news = try #require(LiveFeed.news(from: Self.before, to: joined))
    #expect(news.events["newcomer.events.json"]?.count == 1)
    #expect(news.participantFiles == ["get-participant.newcomer.json", "list-participants.json"])
  }

  @Test func anotherFileChangingOrAFileGoneMeansImportingAgain() {
    var changed = Self.before
    changed["get-stage-session.json"] = .object([("stageSession", .object([]))])
    #expect(LiveFeed.news(from: changed, to: Self.before) == nil)
    var later = changed
    later["get-stage-session.json"] = .object([("stageSession", .object([("endTime", .null)]))])
    #expect(LiveFeed.news(from: changed, to: later) == nil)
  }

  static func participant(_ id: String, userId: String, state: String = "CONNECTED") -> JSON {
    .object([
      (
        "participant",
        .object([
          ("participantId", .string(id)), ("userId", .string(userId)), ("state", .string(state)),
        ])
      )
    ])
  }

  @Test func aRecordDescribedAnewIsNewsOnlyWhenWhatTheImportReadsIsTheSame() throws {
    let old = ["get-participant.a.json": Self.participant("a", userId: "ann")]
    let left = [
      "get-participant.a.json": Self.participant("a", userId: "ann", state: "DISCONNECTED")
    ]
    let renamed = ["get-participant.a.json": Self.participant("a", userId: "anna")]
    let names = ["get-participant.a.json"]
    #expect(try LiveFeed.newRecords(names, from: old, to: left)?.isEmpty == true)
    #expect(try LiveFeed.newRecords(names, from: old, to: renamed) == nil)
    let added = try LiveFeed.newRecords(names, from: [:], to: old)
    #expect(added?["a"]?.userId == "ann")
  }

  @Test func eventsThatAreNotTheOldOnesPlusNewerOnesMeanImportingAgain() {
    var rewritten = Self.before
    rewritten["host.events.json"] = Self.events(["LEFT", "SUBSCRIBE_STARTED", "JOINED"])
    #expect(LiveFeed.news(from: Self.before, to: rewritten) == nil)
    var shorter = Self.before
    shorter["host.events.json"] = Self.events(["JOINED"])
    #expect(LiveFeed.news(from: Self.before, to: shorter) == nil)
  }
}
