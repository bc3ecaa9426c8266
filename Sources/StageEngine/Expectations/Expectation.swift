import JSONKit
import TokenCore

/// One `expect` step of a scenario (SPEC §6, docs/SCENARIOS.md): a statement
/// about the stage that the runner checks at that point of the script. It
/// exists so a scenario can prove the rule it is named after instead of
/// leaving people to read the stream; a failed statement becomes an
/// `expectFailed` event and the run goes on.
public struct Expectation: Sendable {
  /// What is checked.
  public enum Subject: Sendable {
    /// A participant's own state (the truth).
    case participant(ParticipantExpectation)
    /// What one observer believes about one publisher.
    case belief(BeliefExpectation)
    /// The server-side composition's layout.
    case composition(CompositionExpectation)
    /// The events produced since the previous non-expect step.
    case events(EventsExpectation)
  }

  /// The checked statement, decoded.
  public let subject: Subject
  /// The `expect` object exactly as written, so a scenario encoder writes it back unchanged.
  public let json: JSON
  /// The step's own `description` (what a report names the assertion by), if it has one.
  public let description: String?

  /// Pairs a decoded subject with its JSON form.
  public init(subject: Subject, json: JSON, description: String? = nil) {
    self.subject = subject
    self.json = json
    self.description = description
  }

  /// What a report names the assertion by: its `description`, else a short form of what it
  /// checks (`participant guest publish=published`, `events includes 2 excludes 1`).
  public var name: String { description ?? shortForm }

  private var shortForm: String {
    guard let members = json.objectValue else { return "expect" }
    if case .events(let events) = subject {
      var parts = ["events"]
      if !events.includes.isEmpty { parts.append("includes \(events.includes.count)") }
      if events.inOrder { parts.append("inOrder") }
      if !events.excludes.isEmpty { parts.append("excludes \(events.excludes.count)") }
      return parts.joined(separator: " ")
    }
    let text = members.map { member in
      let value = member.value.stringValue ?? JSONWriter.compact(member.value)
      return Expectation.subjects.contains(member.key)
        ? "\(member.key) \(value)" : "\(member.key)=\(value)"
    }.joined(separator: " ")
    return text.count > 80 ? String(text.prefix(79)) + "…" : text
  }

  /// The keys that name what an expectation is about.
  static let subjects: Set<String> = ["participant", "observer", "sees", "composition"]

  /// Whether checking needs the events of the previous step (only `events` does).
  public var needsEvents: Bool {
    if case .events = subject { return true }
    return false
  }
}

/// `{"participant": "guest", "publish": "published", …}`: every field given must hold.
public struct ParticipantExpectation: Sendable {
  /// The participant checked.
  public var participant: String
  /// Connection state.
  public var connection: ConnectionState?
  /// Publish state.
  public var publish: PublishState?
  /// Subscribe state towards each named publisher.
  public var subscribe: [(publisher: String, state: SubscribeState)]
  /// Exact capabilities of the token in force.
  public var capabilities: Capabilities?
  /// `user_id` of the token in force; `.some(nil)` expects none.
  public var userId: String??
  /// Attributes that must be present with these values (other attributes may exist).
  public var attributes: [String: String]?
  /// `exp` of the token in force, Unix seconds.
  public var tokenExpires: Int64?
}

/// `{"observer": "viewer", "sees": "guest", "as": "stale", …}`: one observer's view of a publisher.
public struct BeliefExpectation: Sendable {
  /// How an observer's view of a publisher stands.
  public enum View: String, Sendable, CaseIterable {
    /// It sees the publisher with its current user ID and attributes.
    case current
    /// It sees the publisher with outdated user ID or attributes.
    case stale
    /// It does not see the publisher at all.
    case unseen
  }

  /// The observing participant.
  public var observer: String
  /// The publisher it observes.
  public var participant: String
  /// Expected standing of the view.
  public var view: View?
  /// Believed `user_id`; `.some(nil)` expects none.
  public var userId: String??
  /// Believed attributes that must be present with these values.
  public var attributes: [String: String]?
}

/// `{"composition": {"id": "side", "slots": […], "featured": "guest", "pip": null}}`.
public struct CompositionExpectation: Sendable {
  /// Which composition (`"id"`); the scenario's own, `main`, unless given.
  public var id = Stage.firstCompositionID
  /// The whole layout, in order.
  public var slots: [CompositionSlot]?
  /// Who holds the featured slot; `.some(nil)` expects nobody.
  public var featured: String??
  /// Who holds the PiP window; `.some(nil)` expects nobody.
  public var pip: String??
}

/// `{"events": {"includes": [...], "inOrder": true, "excludes": [...]}}`.
public struct EventsExpectation: Sendable {
  /// Each must match some event (in this order when `inOrder`).
  public var includes: [EventPattern]
  /// Whether `includes` must match events in the order given.
  public var inOrder: Bool
  /// None may match any event.
  public var excludes: [EventPattern]
}
