import Testing

@testable import StageEngine

/// `expect` steps: each kind passes on a stage that matches and fails with the
/// documented message on one that does not; failures become `expectFailed`
/// events and the run goes on.
@Suite struct ExpectationTests {
  /// A host and a co-host publish, a Web 1.32 viewer and an iOS viewer watch a grid
  /// composition; then the co-host loses publish and the host changes attributes.
  static let story = """
    { "asOf": "2025-12-01",
      "composition": { "layout": "grid", "featuredParticipantAttribute": "featured" },
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "userId": "alice", "capabilities": ["publish", "subscribe"] },
        { "id": "cohost", "sdk": "android@1.37.0", "userId": "bob", "capabilities": ["publish", "subscribe"] },
        { "id": "viewer", "sdk": "web@1.32.0", "capabilities": ["subscribe"] },
        { "id": "fan", "sdk": "ios@1.37.0", "capabilities": ["subscribe"] }
      ],
      "steps": [
        { "join": "host" }, { "join": "cohost" }, { "join": "viewer" }, { "join": "fan" },
        { "exchange": "host", "token": { "attributes": { "featured": "true", "seat": "2" } } },
        { "exchange": "cohost", "token": { "capabilities": ["subscribe"] } },
        EXPECT
      ] }
    """

  /// Runs the story with `expect` as its last step; the failure messages.
  static func failures(_ expect: String) throws -> [String] {
    let text = story.replacingOccurrences(of: "EXPECT", with: "{\"expect\": \(expect)}")
    let scenario = try Scenario(parsing: text, file: "story.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "story.json")
    var streamed: [String] = []
    try runner.run { events in
      streamed += events.filter { $0.kind == .expectFailed }.compactMap(\.message)
    }
    #expect(streamed == runner.expectationFailures.map(\.message))
    #expect(runner.expectationFailures.allSatisfy { $0.step == "step 7" && $0.position != nil })
    #expect(runner.expectationCheckCount > 0)
    return streamed
  }

  static let passing = [
    #"{"participant": "host", "connection": "connected", "publish": "published"}"#,
    #"{"participant": "cohost", "publish": "notPublished", "capabilities": ["subscribe"]}"#,
    #"{"participant": "fan", "subscribe": {"host": "subscribed", "cohost": "notSubscribed"}}"#,
    #"{"participant": "host", "userId": "alice", "attributes": {"seat": "2"}}"#,
    #"{"participant": "viewer", "userId": null, "tokenExpires": "2026-01-02T00:00:00Z"}"#,
    #"{"observer": "viewer", "sees": "host", "as": "stale", "userId": "alice", "attributes": {}}"#,
    #"{"observer": "fan", "sees": "host", "as": "current", "attributes": {"seat": "2"}}"#,
    #"{"observer": "fan", "sees": "cohost", "as": "unseen"}"#,
    #"{"composition": {"slots": [{"role": "tile", "participant": "host"}], "pip": null}}"#,
    #"{"composition": {"id": "main", "featured": null}}"#,
    #"{"observer": "main", "sees": "host", "as": "stale", "attributes": {}}"#,
    #"{"events": {"includes": [{"source": "server", "kind": "PUBLISH_STOPPED"}, {"kind": "participantLeft", "observer": "fan", "participant": "cohost"}], "inOrder": true, "excludes": [{"source": "strategy"}]}}"#,
    #"{"events": {"includes": [{"kind": "TOKEN_EXCHANGED", "newToken": {"capabilities": ["subscribe"]}}, {"kind": "step", "errorCode": null}]}}"#,
  ]

  @Test(arguments: passing)
  func holdsOnAMatchingStage(expect: String) throws {
    #expect(try Self.failures(expect) == [])
  }

  static let failing: [(expect: String, message: String)] = [
    (
      #"{"participant": "cohost", "publish": "published"}"#,
      "expected cohost to be published, but it is notPublished"
    ),
    (
      #"{"participant": "viewer", "connection": "disconnected"}"#,
      "expected viewer to be disconnected, but it is connected"
    ),
    (
      #"{"participant": "fan", "subscribe": {"cohost": "subscribed"}}"#,
      "expected fan to be subscribed to cohost, but it is notSubscribed"
    ),
    (
      #"{"participant": "cohost", "capabilities": ["publish", "subscribe"]}"#,
      "expected cohost to have capabilities [publish, subscribe], but it has [subscribe]"
    ),
    (
      #"{"participant": "host", "userId": "carol"}"#,
      #"expected host to have userId "carol", but it has "alice""#
    ),
    (
      #"{"participant": "host", "userId": null}"#,
      #"expected host to have no userId, but it has "alice""#
    ),
    (
      #"{"participant": "host", "attributes": {"seat": "3"}}"#,
      "expected host to have attributes {seat=3}, but it has {featured=true, seat=2}"
    ),
    (
      #"{"participant": "host", "tokenExpires": "2026-01-01T18:00:00Z"}"#,
      "expected host's token to expire at 2026-01-01T18:00:00Z, but it expires at 2026-01-02T00:00:00Z"
    ),
    (
      #"{"observer": "fan", "sees": "host", "as": "stale"}"#,
      "expected fan to see host as stale, but it is current (alice {featured=true, seat=2})"
    ),
    (
      #"{"observer": "viewer", "sees": "host", "as": "current"}"#,
      "expected viewer to see host as current, but it is stale (alice {})"
    ),
    (
      #"{"observer": "viewer", "sees": "cohost", "as": "stale"}"#,
      "expected viewer to see cohost as stale, but it does not see cohost"
    ),
    (
      #"{"observer": "fan", "sees": "host", "as": "unseen"}"#,
      "expected fan not to see host, but it is current (alice {featured=true, seat=2})"
    ),
    (
      #"{"observer": "viewer", "sees": "host", "userId": "bob"}"#,
      #"expected viewer to believe host's userId is "bob", but it believes "alice""#
    ),
    (
      #"{"observer": "viewer", "sees": "host", "attributes": {"seat": "2"}}"#,
      "expected viewer to believe host's attributes include {seat=2}, but it believes {}"
    ),
    (
      #"{"composition": {"slots": [{"role": "featured", "participant": "host"}]}}"#,
      "expected the composition's slots to be [featured:host], but they are [tile:host]"
    ),
    (
      #"{"observer": "main", "sees": "host", "as": "current"}"#,
      "expected main to see host as current, but it is stale (alice {})"
    ),
    (
      #"{"composition": {"featured": "host"}}"#,
      "expected host in the composition's featured slot, but it is empty"
    ),
    (
      #"{"events": {"includes": [{"kind": "shouldPublish"}]}}"#,
      #"expected an event matching {"kind":"shouldPublish"} after step 6 (exchange cohost capabilities=[subscribe]), but none of its 18 events matched"#
    ),
    (
      #"{"events": {"includes": [{"kind": "participantLeft", "observer": "fan"}, {"source": "server", "kind": "PUBLISH_STOPPED"}], "inOrder": true}}"#,
      #"expected an event matching {"source":"server","kind":"PUBLISH_STOPPED"} after the one matching {"kind":"participantLeft","observer":"fan"} (inOrder) after step 6 (exchange cohost capabilities=[subscribe]), but it matched only before it"#
    ),
    (
      #"{"events": {"excludes": [{"kind": "TOKEN_EXCHANGED", "participant": "cohost"}]}}"#,
      #"expected no event matching {"kind":"TOKEN_EXCHANGED","participant":"cohost"} after step 6 (exchange cohost capabilities=[subscribe]), but found {"seq":"#
    ),
  ]

  @Test(arguments: failing)
  func failsWithTheDocumentedMessage(expect: String, message: String) throws {
    let failures = try Self.failures(expect)
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix(message) == true, "\(failures)")
  }

  @Test func theRunGoesOnAfterAFailedExpectation() throws {
    let text = Self.story.replacingOccurrences(
      of: "EXPECT",
      with: #"{"expect": {"participant": "host", "publish": "notPublished"}}, {"leave": "host"}"#)
    let scenario = try Scenario(parsing: text, file: "story.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "story.json")
    var kinds: [EventKind] = []
    try runner.run { events in kinds += events.map(\.kind) }
    #expect(runner.isFinished)
    #expect(runner.expectationFailures.count == 1)
    let failed = try #require(kinds.firstIndex(of: .expectFailed))
    #expect(kinds[failed...].contains(.left))
  }

  @Test func expectFailedCarriesStepExpectedAndActualInTheStream() throws {
    let text = Self.story.replacingOccurrences(
      of: "EXPECT", with: #"{"expect": {"observer": "fan", "sees": "host", "as": "stale"}}"#)
    let scenario = try Scenario(parsing: text, file: "story.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "story.json")
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    try runner.run { events in
      for event in events where event.kind == .expectFailed {
        renderer.render(event, into: &bytes)
      }
    }
    let line = String(decoding: bytes, as: UTF8.self)
    #expect(line.contains(#""kind":"expectFailed""#))
    #expect(
      line.contains(
        #""step":"step 7","expected":"stale","actual":"current (alice {featured=true, seat=2})"}"#
      ))
  }
}
