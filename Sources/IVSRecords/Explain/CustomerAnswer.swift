import JSONKit
import StageEngine

/// The part of `explain`'s report a support engineer sends on: why each group of observers
/// showed old values, the minimum SDK versions that fix it, the workarounds, and for each
/// rule where it comes from — an AWS documentation section, or "stagemon assumption" — so
/// nothing the model assumes reaches a customer as AWS fact.
public struct CustomerAnswer: Sendable {
  /// A statement with its source.
  public struct Rule: Sendable, Equatable {
    /// What to tell the customer.
    public let text: String
    /// The AWS documentation section it comes from, or `stagemon assumption`.
    public let source: String
  }

  /// One cause per group of observers (same platform, same reason).
  public let causes: [Rule]
  /// The minimum SDK versions (and composition policy) that fix what was seen.
  public let fixes: [Rule]
  /// What the app can do on the SDKs it has.
  public let workarounds: [Rule]

  static let tokenExchangeDoc =
    "AWS IVS Real-Time User Guide, \"Token exchange\" (broadcast-mobile-token-exchange.html)"
  static let releaseNotes = "AWS IVS Real-Time User Guide, \"Release notes\" (release-notes.html)"
  static let compositionDoc =
    "AWS IVS Real-Time User Guide, server-side composition (ssc-getting-started-custom-participant-ordering.html)"
  static let assumption = "stagemon assumption"

  /// The answer for `stories` of `session`; empty when no observer showed stale values.
  static func make(_ stories: [ExchangeStory], _ session: ImportedSession) -> CustomerAnswer {
    var groups: [String: (observers: [String], fields: Set<String>, participants: Set<String>)] =
      [:]
    var order: [String] = []
    for story in stories {
      for sighting in story.sightings {
        guard let stale = sighting.stale else { continue }
        let key = group(sighting, session)
        if groups[key] == nil { order.append(key) }
        var entry = groups[key] ?? ([], [], [])
        let name = session.name(sighting.observer)
        if !entry.observers.contains(name) { entry.observers.append(name) }
        entry.fields.formUnion(changed(stale.believed, story.truth))
        entry.participants.insert(session.name(story.participant))
        groups[key] = entry
      }
    }
    let causes = order.compactMap { key -> Rule? in
      guard let entry = groups[key] else { return nil }
      let fields = entry.fields.sorted().joined(separator: ", ")
      let who =
        entry.observers.prefix(5).joined(separator: "; ")
        + (entry.observers.count > 5 ? " and \(entry.observers.count - 5) more" : "")
      let whose = entry.participants.sorted().joined(separator: ", ")
      return Rule(
        text: "\(key) (\(who)) kept showing the old \(fields) of \(whose) after a token exchange "
          + "while publishing: \(reason(key))",
        source: key.hasPrefix("the composition") ? compositionDoc : tokenExchangeDoc)
    }
    return CustomerAnswer(
      causes: causes, fixes: fixes(order), workarounds: causes.isEmpty ? [] : workarounds(order))
  }

  /// `viewers on Web SDK below 1.33.0`, `viewers whose SDK version is not stated`, `the
  /// composition main (on-reconnect)`.
  private static func group(_ sighting: ExchangeStory.Sighting, _ session: ImportedSession)
    -> String
  {
    if sighting.isComposition {
      return "the composition (policy on-reconnect)"
    }
    if let sdk = sighting.dependsOn {
      return "viewers whose SDK version is not stated, if below \(sdk.threshold ?? "")"
    }
    let platform = sighting.profile.split(separator: "@").first.map(String.init) ?? ""
    switch platform {
    case "web": return "viewers on the Web SDK below 1.33.0"
    case "ios": return "viewers on the iOS SDK below 1.37.0"
    case "android": return "viewers on the Android SDK below 1.37.0"
    default: return "viewers on \(sighting.profile)"
    }
  }

  private static func reason(_ key: String) -> String {
    key.hasPrefix("the composition")
      ? "an on-reconnect composition keeps the attributes a participant started publishing with"
        + " until it republishes"
      : "these SDKs have no participant-metadata event, so they learn a publishing participant's"
        + " new user ID and attributes only when it unpublishes and publishes again"
  }

  private static func changed(_ believed: ParticipantMetadata, _ truth: ParticipantMetadata)
    -> Set<String>
  {
    var fields: Set<String> = []
    if believed.userId != truth.userId { fields.insert("user ID") }
    for key in Set(believed.attributes.keys).union(truth.attributes.keys)
    where believed.attributes[key] != truth.attributes[key] {
      fields.insert(key)
    }
    return fields
  }

  private static func fixes(_ groups: [String]) -> [Rule] {
    var fixes: [Rule] = []
    let mobile = ["ios", "android", "mobile"]
    if groups.contains(where: { key in mobile.contains { key.lowercased().contains($0) } }) {
      fixes.append(
        Rule(
          text: "iOS and Android SDK 1.37.0 or later report participantMetadataUpdated at once",
          source: releaseNotes + "; " + tokenExchangeDoc))
    }
    if groups.contains(where: { $0.lowercased().contains("web") }) {
      fixes.append(
        Rule(
          text: "Web SDK 1.33.0 or later reports STAGE_PARTICIPANT_METADATA_CHANGED at once",
          source: releaseNotes + " (the Web event is in later documentation)"))
    }
    if groups.contains(where: { $0.hasPrefix("the composition") }) {
      fixes.append(
        Rule(
          text: "a server-side composition with the live update policy follows every exchange",
          source: compositionDoc + " (live policy, documented from 2026-04-16)"))
    }
    return fixes
  }

  private static func workarounds(_ groups: [String]) -> [Rule] {
    [
      Rule(
        text: "after exchanging a token that changes attributes or the user ID while publishing,"
          + " unpublish and publish again: every viewer then receives the new values with the"
          + " participant-joined event",
        source: tokenExchangeDoc),
      Rule(
        text: "carry the change in the app's own messages as well (for example a chat or room"
          + " message), so viewers on older SDKs can update their display without a republish",
        source: assumption),
    ]
  }

  /// The section's lines (empty when there is nothing to tell).
  var lines: [String] {
    guard !causes.isEmpty else { return [] }
    var lines = ["For the customer"]
    lines += causes.map { "  - Cause: \($0.text) [source: \($0.source)]" }
    lines += fixes.map { "  - Fix: \($0.text) [source: \($0.source)]" }
    lines += workarounds.map { "  - Workaround: \($0.text) [source: \($0.source)]" }
    return lines
  }

  /// The same as JSON.
  var json: JSON {
    func rules(_ list: [Rule]) -> JSON {
      .array(list.map { .object([("text", .string($0.text)), ("source", .string($0.source))]) })
    }
    return .object([
      ("causes", rules(causes)), ("fixes", rules(fixes)), ("workarounds", rules(workarounds)),
    ])
  }
}
