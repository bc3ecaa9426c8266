/// Presenter mode's words (`--present`, `:present`): the demo's narration in plain language
/// for an audience that has never heard of IVS, the SDK's term in parentheses, and a glossary
/// of those terms (`g`).
public enum PresenterText {
  /// The opening line in plain language.
  public static let opening =
    "The stage is live: the host is broadcasting, a guest and two viewers on older app versions"
    + " are watching. Next (n): invite the guest to co-host."

  /// What each demo step shows, by step index (as `DemoScenario.notes`).
  public static let notes: [Int: String] = [
    4:
      "The guest gets a new pass (token exchange) that allows broadcasting (publish capability);"
      + " their app asks before going live (strategy: ask) — y says yes",
    5: "The guest's app says yes: the guest goes live (publishes) and everyone watching sees them",
    6:
      "The guest's details change while live (attributes): newer apps show it at once; the older"
      + " Android and Web apps and the recording (composition) still show the old ones (STALE)",
    7:
      "A pass made for another stage is refused (immutable claim: topic): nothing changes",
    8:
      "The guest stops broadcasting (unpublish): everyone sees them leave, and the recording"
      + " (composition) drops them",
    9:
      "The guest broadcasts again (republish): the older apps catch up now, and the recording"
      + " (composition) features the guest",
    10:
      "The host's pass becomes watch-only (publish capability removed): the host stops"
      + " broadcasting at once, without being asked (no strategy question)",
    11: "13 hours later every pass has run out (token expiry: they were valid for 12 hours)",
    12:
      "The Web viewer reconnects, but its pass has run out (expired token): it cannot come back"
      + " — the end of the demo",
  ]

  /// The glossary: each term and what it means, in plain language.
  public static let glossary: [(term: String, meaning: String)] = [
    ("stage", "a live room: people join it to broadcast or to watch"),
    ("participant", "one person (one app) on the stage"),
    (
      "token",
      "a signed pass a participant's app shows to join; it names who they are and what they may do"
    ),
    ("claim", "one fact written in the pass: who, which stage, until when, what they may do"),
    ("capability", "what the pass allows: broadcast (publish), watch (subscribe), or both"),
    ("publish", "broadcast your camera and microphone to the stage"),
    ("subscribe", "watch and listen to someone who is broadcasting"),
    (
      "attributes",
      "labels on a participant (e.g. featured, seat order) that the apps and the recording read"
    ),
    ("composition", "the server's recording / broadcast mix of the stage, laid out as a grid"),
    (
      "exchange",
      "swapping a participant's pass for a new one without leaving the stage (exchangeToken)"
    ),
  ]
}
