import StageEngine
import TokenCore

/// What one accepted token exchange changed and who saw it when: the claim changes, the
/// strategy questions it caused, and for every observer (and the composition) whether it
/// was told at once, stayed STALE until a republish or reconnect, or never learned it.
public struct ExchangeStory: Sendable {
  /// How one observer learned of the change.
  public struct Sighting: Sendable {
    /// The observer (`composition` for the server-side composition).
    public let observer: String
    /// Its SDK profile, or the composition's policy.
    public let profile: String
    /// `atOnce`, `stale` (then current later), `never`, or `left` (saw the participant
    /// stop publishing at once).
    public let verdict: String
    /// In words, with the platform's event name and times.
    public let text: String
    /// The values it kept believing, when stale.
    public let believed: ParticipantMetadata?
  }

  /// Virtual time of the exchange (Unix seconds).
  public let time: Int64
  /// Who exchanged.
  public let participant: String
  /// Claim changes in words.
  public let changes: [String]
  /// Strategy questions the exchange caused, with the app's answers.
  public let strategy: [String]
  /// One per observer that had the participant in view, then the composition.
  public let sightings: [Sighting]

  /// Reads the story of the exchange at `events[index]` out of the whole stream.
  init(events: [StageEvent], at index: Int) {
    let exchange = events[index]
    time = exchange.time
    participant = exchange.participant ?? ""
    changes = exchange.exchange.map(Self.changes) ?? []
    var strategy: [String] = []
    var sightings: [Sighting] = []
    var cursor = index + 1
    while cursor < events.count, events[cursor].kind != .step {
      let event = events[cursor]
      cursor += 1
      guard event.participant == participant || event.observer == participant else { continue }
      if event.source == .strategy, event.observer == participant {
        strategy.append("\(event.name ?? event.kind.rawValue) → \(event.answer ?? "")")
      } else if let sighting = Self.sighting(
        event, events: events, after: cursor, participant: participant)
      {
        sightings.append(sighting)
      }
    }
    self.strategy = strategy
    self.sightings = sightings
  }

  private static func sighting(
    _ event: StageEvent, events: [StageEvent], after cursor: Int, participant: String
  ) -> Sighting? {
    guard let observer = event.observer, observer != participant else { return nil }
    let profile = event.sdk?.description ?? "composition"
    let name = event.name ?? event.kind.rawValue
    switch event.kind {
    case .participantMetadataUpdated:
      return Sighting(
        observer: observer, profile: profile, verdict: "atOnce",
        text: "updated at once (\(name))", believed: nil)
    case .participantLeft:
      return Sighting(
        observer: observer, profile: profile, verdict: "left",
        text: "saw \(participant) stop publishing at once (\(name))", believed: nil)
    case .beliefChanged where event.state == "stale":
      let believed = ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:])
      let shown = Self.metadata(believed)
      guard
        let current = events[cursor...].first(where: {
          $0.kind == .beliefChanged && $0.observer == observer && $0.participant == participant
        })
      else {
        return Sighting(
          observer: observer, profile: profile, verdict: "never",
          text: "STALE, never updated: still shows \(shown) (\(event.reason ?? ""))",
          believed: believed)
      }
      let when = VirtualTime.iso8601(current.time)
      let how =
        current.state == "current"
        ? "until \(when): \(current.reason ?? "")" : "until a later change at \(when)"
      return Sighting(
        observer: observer, profile: profile, verdict: "stale",
        text: "STALE (showed \(shown)) \(how)", believed: believed)
    default: return nil
    }
  }

  /// `attributes seat 2 → 1`, `capabilities +publish`, `user_id a → b`, `expiry … → …`.
  static func changes(_ summary: TokenExchangeSummary) -> [String] {
    let old = summary.previousToken
    let new = summary.newToken
    var lines: [String] = []
    let gained = new.capabilities.names.filter { !old.capabilities.names.contains($0) }
    let lost = old.capabilities.names.filter { !new.capabilities.names.contains($0) }
    if !gained.isEmpty { lines.append("capabilities gained: \(gained.joined(separator: ", "))") }
    if !lost.isEmpty { lines.append("capabilities lost: \(lost.joined(separator: ", "))") }
    for key in Set(old.attributes.keys).union(new.attributes.keys).sorted()
    where old.attributes[key] != new.attributes[key] {
      lines.append(
        "attribute \(key): \(old.attributes[key] ?? "(none)") → \(new.attributes[key] ?? "(none)")")
    }
    if old.userId != new.userId {
      lines.append("user_id: \(old.userId ?? "(none)") → \(new.userId ?? "(none)")")
    }
    if old.expirationTime != new.expirationTime {
      lines.append(
        "expiry: \(VirtualTime.iso8601(old.expirationTime)) → \(VirtualTime.iso8601(new.expirationTime))"
      )
    }
    return lines.isEmpty ? ["no claim changes besides iat"] : lines
  }

  static func metadata(_ metadata: ParticipantMetadata) -> String {
    let attributes = metadata.attributes.keys.sorted().map {
      "\($0)=\(metadata.attributes[$0] ?? "")"
    }
    return ((metadata.userId.map { ["user_id=\($0)"] } ?? []) + attributes).joined(separator: " ")
  }
}
