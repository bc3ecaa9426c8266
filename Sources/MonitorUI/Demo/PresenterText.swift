/// Presenter mode's words (`--present`, `:present`): the demo's narration in plain language
/// for an audience that has never heard of IVS, the SDK's term in parentheses, and a glossary
/// of those terms (`g`).
public enum PresenterText {
  /// The opening line in plain language.
  public static let opening =
    "The stage is live: the host is broadcasting, a guest and two viewers on older app versions"
    + " are watching."

  /// The story in plain language (see `DemoScenario.story(compositionFollowsAtOnce:)`): today
  /// the recording follows at once, and the narration says how IVS behaved until April 2026.
  public static func story(compositionFollowsAtOnce atOnce: Bool) -> Story {
    Story(
      opening: opening, notes: notes(compositionFollowsAtOnce: atOnce), previews: previews,
      ending: "the end of the demo: B starts it again, q quits")
  }

  /// What each demo step shows, by step index (as `DemoScenario.notes`).
  static func notes(compositionFollowsAtOnce atOnce: Bool) -> [Int: String] {
    [
      4:
        "The guest gets a new pass (token exchange) that allows broadcasting (publish"
        + " capability); their app asks before going live (strategy: ask)",
      5:
        "The guest's app says yes: the guest goes live (publishes) and everyone watching sees"
        + " them",
      6: atOnce
        ? "The guest's details change while live (attributes): newer apps and the recording"
          + " (composition) show it at once; older apps show the old ones (STALE). Until April"
          + " 2026 the recording waited too"
        : "The guest's details change while live (attributes): newer apps show it at once; the"
          + " older Android and Web apps and the recording (composition) still show the old ones"
          + " (STALE), as IVS behaved until April 2026",
      7: "A pass made for another stage is REFUSED (immutable claim: topic): nothing changes",
      8:
        "The guest stops broadcasting (unpublish): everyone sees them leave, and the recording"
        + " (composition) drops them",
      9: atOnce
        ? "The guest broadcasts again (republish): the older apps catch up now"
        : "The guest broadcasts again (republish): the older apps catch up now, and the"
          + " recording (composition) features the guest",
      10:
        "The host's pass becomes watch-only (publish capability removed): the host stops"
        + " broadcasting at once, without being asked (no strategy question)",
      11: "13 hours later every pass has run out (token expiry: they were valid for 12 hours)",
      12:
        "The Web viewer reconnects, but its pass has run out (expired token): it cannot come"
        + " back — the end of the demo",
    ]
  }

  /// What each step is about to do, in plain language.
  static let previews: [Int: String] = [
    4: "invite the guest to co-host",
    5: "the guest's app says yes",
    6: "change the guest's details while they are live",
    7: "show the guest a pass made for another stage",
    8: "the guest stops broadcasting",
    9: "the guest broadcasts again",
    10: "make the host watch-only",
    11: "jump 13 hours ahead",
    12: "the Web viewer reconnects",
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
    ("SDK", "the IVS library inside an app; its version decides what that app is told"),
    (
      "strategy",
      "the app's own answers to \"broadcast now?\" and \"watch whom?\"; ask means the app is"
        + " asked first"
    ),
    ("STALE", "an app or the recording still shows a participant's old details"),
    ("REFUSED", "the stage turned a pass away: nothing about the participant changed"),
  ]
}
