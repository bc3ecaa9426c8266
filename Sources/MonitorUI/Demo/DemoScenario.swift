import StageEngine
import TokenCore

/// The built-in demo (`stagemon` with no argument): a scenario in the same JSON format as
/// scenario files, loaded through the same decoder, that shows every rule of the seed in a
/// couple of minutes of pressing `n` — plus a prepared token deck and a narration per step.
public enum DemoScenario {
  /// The name errors and the header use for it.
  public static let fileName = "built-in demo"

  /// The scenario text.
  public static let json = #"""
    {
      "description": "Built-in demo: a host, a guest who becomes co-host, and two older viewers",
      "stage": { "arn": "arn:aws:ivs:us-west-2:123456789012:stage/DemoStage01" },
      "start": "2026-01-01T12:00:00Z",
      "composition": { "layout": "grid", "featuredParticipantAttribute": "featured",
                       "participantOrderAttribute": "order" },
      "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "userId": "alice",
          "capabilities": ["publish", "subscribe"], "attributes": { "order": "1" },
          "strategy": { "publish": "always", "subscribe": "audioVideo" } },
        { "id": "guest", "sdk": "android@1.37.0", "userId": "bob",
          "capabilities": ["subscribe"], "attributes": { "order": "2" },
          "strategy": { "publish": "ask", "subscribe": "audioVideo" } },
        { "id": "viewer-android", "sdk": "android@1.36.0", "userId": "carol",
          "capabilities": ["subscribe"] },
        { "id": "viewer-web", "sdk": "web@1.32.0", "userId": "dave",
          "capabilities": ["subscribe"] }
      ],
      "steps": [
        { "join": "host" },
        { "join": "guest" },
        { "join": "viewer-android" },
        { "join": "viewer-web" },
        { "exchange": "guest", "token": { "capabilities": ["publish", "subscribe"] } },
        { "answer": "guest", "publish": true },
        { "exchange": "guest", "token": { "attributes": { "order": "0", "featured": "true" } } },
        { "exchange": "guest", "token": { "claims": { "topic": "SomeOtherStage" } } },
        { "unpublish": "guest" },
        { "publish": "guest" },
        { "exchange": "host", "token": { "capabilities": ["subscribe"] } },
        { "advance": "13h" },
        { "reconnect": "viewer-web" }
      ]
    }
    """#

  /// The setup steps (the four joins, which start the host publishing) that run before the
  /// first frame, so the demo opens on a live stage.
  public static let openingSteps = 4

  /// The line on opening: what is on stage and what `n` does next.
  public static let openingNote =
    "LIVE: host publishes (ios@1.37.0), guest is subscribe-only, old-SDK viewers watch"

  /// The story in the SDK's words. `compositionFollowsAtOnce`: the composition follows an
  /// accepted exchange at once (IVS since 2026-04-16), else only on republish (IVS before).
  public static func story(compositionFollowsAtOnce atOnce: Bool) -> Story {
    Story(
      opening: openingNote, notes: notes(compositionFollowsAtOnce: atOnce), previews: previews,
      ending: "the end of the demo: B goes back to the opening, q quits")
  }

  /// What each step demonstrates, by step index (shown after the step runs). Each fits three
  /// lines of an 80-column terminal together with its step summary.
  static func notes(compositionFollowsAtOnce atOnce: Bool) -> [Int: String] {
    [
      4: "co-host upgrade: guest gained publish; its strategy is ask, so the app is asked first",
      5: "the app answers yes: guest publishes and every observer sees it join",
      6: atOnce
        ? "attributes changed while publishing: 1.37 clients and the composition (IVS since"
          + " 2026-04-16) see it now; android@1.36.0 and web@1.32.0 are STALE"
        : "attributes changed while publishing: 1.37 clients see it now; android@1.36.0,"
          + " web@1.32.0 and the composition (on-reconnect, IVS until 2026-04-16) are STALE",
      7: "immutable claim (topic) changed: the exchange is REFUSED and nothing changes",
      8: "guest unpublishes: every observer sees it leave; the composition drops it",
      9: atOnce
        ? "republished: the stale observers catch up in participantJoined"
        : "republished: the stale observers catch up in participantJoined; the layout features"
          + " guest",
      10:
        "demote host: publish lost while publishing, so it unpublishes at once, no strategy question",
      11: "13h later every first token has expired (ttl 12h)",
      12: "viewer-web cannot rejoin: its token expired — the end of the demo",
    ]
  }

  /// What each step is about to do, by step index (shown after the key that runs it).
  static let previews: [Int: String] = [
    4: "make the guest co-host (a token that adds publish)",
    5: "the guest's app answers the strategy question: yes",
    6: "the co-host's attributes change while it publishes (featured, order 0)",
    7: "a token for another stage (topic changed) is exchanged",
    8: "the guest unpublishes",
    9: "the guest publishes again",
    10: "the host is demoted to subscribe-only while publishing",
    11: "13 hours pass",
    12: "viewer-web reconnects with its first token",
  ]

  /// The demo's named tokens for the deck.
  public static let deck = [
    PreparedToken(
      name: "co-host upgrade",
      spec: TokenMintSpec(capabilities: Capabilities(publish: true, subscribe: true)),
      owner: "guest"),
    PreparedToken(
      name: "feature the guest",
      spec: TokenMintSpec(attributes: [("order", "0"), ("featured", "true")]), owner: "guest"),
    PreparedToken(
      name: "demote host", spec: TokenMintSpec(capabilities: Capabilities(subscribe: true)),
      owner: "host"),
  ]

  /// The demo as a validated scenario (the decoder the file path uses).
  public static func load() throws(ScenarioError) -> Scenario {
    try Scenario(parsing: json, file: fileName, baseDirectory: ".")
  }
}
