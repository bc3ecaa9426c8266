import JSONKit
import Testing

@testable import stagemon

/// Which polls follow on in the running monitor: only events added at the newest end of the
/// events files, every other file as it was.
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
    let added = try #require(LiveFeed.addedEvents(from: Self.before, to: after))
    #expect(added.keys.sorted() == ["host.events.json"])
    #expect(
      added["host.events.json"]?.compactMap { $0["name"]?.stringValue } == [
        "LEFT", "PUBLISH_STOPPED",
      ])
  }

  @Test func nothingNewIsNoEvents() throws {
    let added = try #require(LiveFeed.addedEvents(from: Self.before, to: Self.before))
    #expect(added.isEmpty)
  }

  @Test func anotherFileChangingOrAppearingMeansImportingAgain() {
    var changed = Self.before
    changed["list-participants.json"] = .object([("participants", .array([.string("x")]))])
    #expect(LiveFeed.addedEvents(from: Self.before, to: changed) == nil)
    var added = Self.before
    added["newcomer.events.json"] = Self.events(["JOINED"])
    #expect(LiveFeed.addedEvents(from: Self.before, to: added) == nil)
  }

  @Test func eventsThatAreNotTheOldOnesPlusNewerOnesMeanImportingAgain() {
    var rewritten = Self.before
    rewritten["host.events.json"] = Self.events(["LEFT", "SUBSCRIBE_STARTED", "JOINED"])
    #expect(LiveFeed.addedEvents(from: Self.before, to: rewritten) == nil)
    var shorter = Self.before
    shorter["host.events.json"] = Self.events(["JOINED"])
    #expect(LiveFeed.addedEvents(from: Self.before, to: shorter) == nil)
  }
}
