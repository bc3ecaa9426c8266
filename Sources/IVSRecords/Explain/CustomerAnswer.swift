import IVSRules
import JSONKit
import StageEngine

/// The part of `explain`'s report a support engineer sends on: why each group of observers
/// showed old values, what the records say the app did (a publish its token did not allow),
/// what was expected behaviour a customer may report as a bug, and what to do. Every line
/// names the rules of the book it comes from, and fixes are the advice of those rules only,
/// so no advice names a setting or step the IVS documentation does not have.
public struct CustomerAnswer: Sendable {
  /// A statement with the rules it comes from and their source.
  public struct Rule: Sendable, Equatable {
    /// What to tell the customer.
    public let text: String
    /// The IVS documentation it rests on (title, address, section), or `stagemon
    /// assumption: REASON`.
    public let source: String
    /// The IDs of the rules it comes from.
    public let rules: [RuleID]
  }

  /// One cause per group of observers (same platform, same reason), then what the app did.
  public let causes: [Rule]
  /// What happened as IVS documents it, though a customer may take it for a bug.
  public let expected: [Rule]
  /// What to do: the advice of the rules behind the causes.
  public let fixes: [Rule]
  /// How sure all this is: which observers' verdicts are certain, and what settles the rest.
  public let certainty: Certainty

  /// The answer for `stories` of `session`, each participant named as `labels` has it then;
  /// empty when nothing needs telling.
  static func make(
    _ stories: [ExchangeStory], _ session: ImportedSession, _ labels: ParticipantLabels
  ) -> CustomerAnswer {
    var groups: [String: Group] = [:]
    var order: [String] = []
    for story in stories {
      for sighting in story.sightings {
        // An observer the records cannot show was stale at all is nobody's cause.
        guard let stale = sighting.stale, sighting.staleBounds?.atLeast != 0 else { continue }
        let key = group(sighting)
        if groups[key] == nil { order.append(key) }
        // A stale composition: the rule that kept it, and the one that since replaced it.
        let rules = sighting.rules + (sighting.isComposition ? [.compositionLayoutLive] : [])
        var entry = groups[key] ?? Group(rules: rules)
        // Each as it was then (issue 29 item 5), named once however its label changed:
        // stories come oldest first.
        if entry.observerIDs.insert(sighting.observer).inserted {
          entry.observers.append(labels.name(sighting.observer, before: story.time))
        }
        entry.fields.formUnion(changed(stale.believed, story.truth))
        if entry.participants[story.participant] == nil {
          entry.participants[story.participant] = labels.name(story.participant, before: story.time)
        }
        groups[key] = entry
      }
    }
    var causes = order.compactMap { key -> Rule? in
      guard let entry = groups[key] else { return nil }
      let fields = entry.fields.sorted().joined(separator: ", ")
      let who =
        entry.observers.prefix(5).joined(separator: "; ")
        + (entry.observers.count > 5 ? " and \(entry.observers.count - 5) more" : "")
      let whose = entry.participants.values.sorted().joined(separator: ", ")
      let statement = entry.rules.prefix(1).map { RuleBook.ivs.rule($0).statement }
        .joined(separator: " ")
      return Rule(
        text: "\(key) (\(who)) kept showing the old \(fields) of \(whose) after a token exchange "
          + "while publishing: \(statement)",
        source: source(entry.rules), rules: entry.rules)
    }
    causes += refusedPublishes(session)
    let ruled = causes.flatMap(\.rules)
    var seen: Set<RuleID> = []
    let fixes = ruled.compactMap { id -> Rule? in
      guard seen.insert(id).inserted, let advice = RuleBook.ivs.rule(id).advice else { return nil }
      return Rule(text: advice.text, source: text(advice.basis), rules: [id])
    }
    return CustomerAnswer(
      causes: causes, expected: quietChanges(stories, labels), fixes: fixes,
      certainty: Certainty(stories, vouched: session.manifest?.complete == true))
  }

  /// Observers of one group: who, which fields, whose, and the rules that kept them stale.
  private struct Group {
    let rules: [RuleID]
    var observers: [String] = []
    var observerIDs: Set<String> = []
    var fields: Set<String> = []
    /// Each participant's name as it was at the first exchange of it in the group.
    var participants: [String: String] = [:]
  }

  /// How long after an exchange that removed publish a refused publish still counts as the
  /// app's answer to it.
  static let refusalWindow: Int64 = 60_000

  /// Each `PUBLISH_ERROR` with `INSUFFICIENT_CAPABILITIES` in the records: the app tried to
  /// publish without the capability — right after an exchange that removed it, when one did.
  private static func refusedPublishes(_ session: ImportedSession) -> [Rule] {
    var lostAt: [String: Int64] = [:]
    var rules: [Rule] = []
    for event in session.recorded {
      if event.kind == .tokenExchanged, let old = event.previousToken, let new = event.newToken,
        old.capabilities.publish, !new.capabilities.publish
      {
        lostAt[event.participantId] = event.time
      }
      guard event.kind == .publishError, event.errorCode == "INSUFFICIENT_CAPABILITIES" else {
        continue
      }
      let who = session.name(event.participantId)
      let at = RecordTime.iso8601(milliseconds: event.time)
      if let lost = lostAt[event.participantId], event.time >= lost,
        VirtualDuration.distance(from: lost, to: event.time) <= UInt64(refusalWindow)
      {
        let ids: [RuleID] = [.exchangePublishLost, .serverErrorCodes]
        rules.append(
          Rule(
            text: "\(who): PUBLISH_ERROR INSUFFICIENT_CAPABILITIES at \(at),"
              + " \(VirtualDuration.text(seconds: VirtualDuration.distance(from: lost, to: event.time) / 1000)) after an"
              + " exchange at \(RecordTime.iso8601(milliseconds: lost)) removed publish: the app"
              + " tried to publish without the publish capability",
            source: source(ids), rules: ids))
      } else {
        rules.append(
          Rule(
            text: "\(who): PUBLISH_ERROR INSUFFICIENT_CAPABILITIES at \(at): the app tried to"
              + " publish with a token that does not grant publish",
            source: source([.serverErrorCodes]), rules: [.serverErrorCodes]))
      }
    }
    return rules
  }

  /// Exchanges that changed the user ID or attributes while the participant was not
  /// publishing and left nobody stale: every observer got the values when it published, or,
  /// when it did not publish while they were on the stage, none was shown them (IVS holds
  /// them until it publishes). "Nobody" only when every verdict is certain: else how many
  /// certainly showed no old values, and that the others are unknown or ranges ("How sure"
  /// says what settles them).
  /// A participant's exchanges in one second are one moment to a reader ("exchanged at T"):
  /// none of them is told as quiet (seed 426: the second one left observers stale).
  private static func quietChanges(_ stories: [ExchangeStory], _ labels: ParticipantLabels)
    -> [Rule]
  {
    var perSecond: [String: Int] = [:]
    for story in stories { perSecond["\(story.participant) \(story.time)", default: 0] += 1 }
    return stories.compactMap { story in
      let certain = story.sightings.filter { $0.unsettledBy == nil && $0.dependsOn == nil }
      let ids: [RuleID] = [.visibilityNotPublishingHeld]
      let told = certain.first { $0.cause == .startedPublishing }
      guard story.changesMetadata, story.sightings.allSatisfy({ $0.stale == nil }),
        perSecond["\(story.participant) \(story.time)"] == 1,
        told != nil || (!certain.isEmpty && certain.allSatisfy { $0.rules == ids })
      else { return nil }
      let open = story.sightings.count - certain.count
      let who = labels.name(story.participant, before: story.time)
      let what: String
      if let told {
        let published = told.toldClock(day: nil).map { " (at \($0))" } ?? ""
        what =
          (open == 0
            ? "nobody showed old values; observers"
            : "\(certain.count) observer(s) certainly showed no old values and")
          + " got the new values when \(labels.after(story)) published\(published)"
      } else {
        what =
          (open == 0
            ? "nobody showed old values, and nobody was shown the new ones"
            : "\(certain.count) observer(s) certainly showed no old values and were not shown the"
              + " new ones")
          + ": it did not publish while they were on the stage, and IVS holds the new values"
          + " until it publishes"
      }
      let others =
        open == 0 ? "" : "; whether the other \(open) did is not known (How sure, above)"
      return Rule(
        text: "\(who) exchanged at \(VirtualTime.iso8601(story.time)) while not publishing:"
          + " \(what)\(others). This is how IVS works, not a bug, if the customer reports that"
          + " the change did not show at once",
        source: source(ids), rules: ids)
    }
  }

  /// `viewers on Web SDK below 1.33.0`, `viewers whose SDK version is not stated`, `the
  /// composition (layout moved on republish or reconnect)`.
  private static func group(_ sighting: ExchangeStory.Sighting) -> String {
    if sighting.isComposition {
      return "the composition (layout moved on republish or reconnect)"
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

  /// The sources of `rules`, each once.
  private static func source(_ rules: [RuleID]) -> String {
    var seen: Set<String> = []
    return rules.map { text(RuleBook.ivs.rule($0).basis) }.filter { seen.insert($0).inserted }
      .joined(separator: "; ")
  }

  /// `TITLE (URL), SECTION`, or `stagemon assumption: REASON`.
  private static func text(_ basis: IVSRules.Rule.Basis) -> String {
    switch basis {
    case .documented(let source): "\(source.title) (\(source.url)), \(source.section)"
    case .assumption(let reason): "stagemon assumption: \(reason)"
    }
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

  /// The section's lines (empty when there is nothing to tell).
  var lines: [String] {
    guard !causes.isEmpty || !expected.isEmpty || certainty.isOpen else { return [] }
    func line(_ label: String, _ rule: Rule) -> String {
      "  - \(label): \(rule.text) [rules: \(rule.rules.map(\.rawValue).joined(separator: ", "));"
        + " source: \(rule.source)]"
    }
    return ["For the customer", "  - \(certainty.text)"] + causes.map { line("Cause", $0) }
      + expected.map { line("Expected", $0) } + fixes.map { line("Fix", $0) }
  }

  /// The same as JSON.
  var json: JSON {
    func rules(_ list: [Rule]) -> JSON {
      .array(
        list.map {
          .object([
            ("text", .string($0.text)), ("rules", .array($0.rules.map { .string($0.rawValue) })),
            ("source", .string($0.source)),
          ])
        })
    }
    return .object([
      ("certainty", certainty.json), ("causes", rules(causes)), ("expected", rules(expected)),
      ("fixes", rules(fixes)),
    ])
  }
}
