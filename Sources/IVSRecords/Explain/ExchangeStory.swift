import StageEngine
import TokenCore

/// What one accepted token exchange changed and who saw it when: the claim changes, the
/// strategy questions it caused, and for every observer (and each composition) whether it
/// was told at once, later (after showing stale values, or when the participant published),
/// never, or not before a later exchange replaced the values — followed to the end of the run.
public struct ExchangeStory: Sendable {
  /// Virtual time of the exchange (Unix seconds).
  public let time: Int64
  /// Who exchanged.
  public let participant: String
  /// Claim changes in words.
  public internal(set) var changes: [String]
  /// Whether `user_id` or attributes changed (else only capabilities or expiry did).
  public internal(set) var changesMetadata: Bool
  /// The `user_id` and attributes the exchange set.
  public let truth: ParticipantMetadata
  /// The `user_id` and attributes the participant had before it.
  public internal(set) var previous: ParticipantMetadata
  /// Strategy questions the exchange caused, with the app's answers.
  public internal(set) var strategy: [String]
  /// One per observer connected at the exchange (clients in join order), then each
  /// running composition, then each client that joined later (in join order); for an
  /// exchange that changed no metadata, the observers that saw the participant stop or
  /// start publishing in the exchange's step.
  public internal(set) var sightings: [Sighting]

  init(
    exchange: StageEvent, summary: TokenExchangeSummary, strategy: [String],
    sightings: [Sighting]
  ) {
    time = exchange.time
    participant = exchange.participant ?? ""
    changes = Self.changes(Claims(summary.previousToken), Claims(summary.newToken))
    changesMetadata = Self.changesMetadata(summary)
    truth = ParticipantMetadata(
      userId: summary.newToken.userId, attributes: summary.newToken.attributes)
    previous = ParticipantMetadata(
      userId: summary.previousToken.userId, attributes: summary.previousToken.attributes)
    self.strategy = strategy
    self.sightings = sightings
  }

  /// Whether `summary` changes what observers are told (`user_id`, attributes).
  static func changesMetadata(_ summary: TokenExchangeSummary) -> Bool {
    summary.previousToken.userId != summary.newToken.userId
      || summary.previousToken.attributes != summary.newToken.attributes
  }

  /// What a line of `changes` compares: a token's claims, as the model or a record holds them.
  struct Claims {
    let capabilities: Capabilities
    let attributes: [String: String]
    let userId: String?
    let expirationTime: Int64?

    init(_ token: TokenSummary) {
      capabilities = token.capabilities
      attributes = token.attributes
      userId = token.userId
      expirationTime = token.expirationTime
    }

    init(_ token: RecordedToken) {
      capabilities = token.capabilities
      attributes = token.attributes
      userId = token.userId
      expirationTime = token.expirationTime
    }
  }

  /// `attributes seat 2 → 1`, `capabilities +publish`, `user_id a → b`, `expiry … → …`.
  static func changes(_ old: Claims, _ new: Claims) -> [String] {
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
      let (from, to) = (
        old.expirationTime.map(VirtualTime.iso8601), new.expirationTime.map(VirtualTime.iso8601)
      )
      lines.append("expiry: \(from ?? "(not given)") → \(to ?? "(not given)")")
    }
    return lines.isEmpty ? ["no claim changes besides iat"] : lines
  }

  static func metadata(_ metadata: ParticipantMetadata) -> String {
    let attributes = metadata.attributes.keys.sorted().map {
      "\($0)=\(metadata.attributes[$0] ?? "")"
    }
    return ((metadata.userId.map { ["user_id=\($0)"] } ?? []) + attributes).joined(separator: " ")
  }

  /// The values in which `believed` differs from `truth`, both ways: (`seat=2`, `seat=1`);
  /// a missing value reads `no seat`.
  static func difference(_ believed: ParticipantMetadata, _ truth: ParticipantMetadata)
    -> (shown: String, truth: String)
  {
    var shown: [String] = []
    var actual: [String] = []
    func add(_ name: String, _ old: String?, _ new: String?) {
      guard old != new else { return }
      shown.append(old.map { "\(name)=\($0)" } ?? "no \(name)")
      actual.append(new.map { "\(name)=\($0)" } ?? "no \(name)")
    }
    add("user_id", believed.userId, truth.userId)
    for key in Set(believed.attributes.keys).union(truth.attributes.keys).sorted() {
      add(key, believed.attributes[key], truth.attributes[key])
    }
    guard !shown.isEmpty else { return (metadata(believed), metadata(truth)) }
    return (shown.joined(separator: " "), actual.joined(separator: " "))
  }

  /// `10:02:00Z` when `time` falls on the same day as `day`, else the full ISO 8601 time.
  static func clock(_ time: Int64, day: Int64) -> String {
    let text = VirtualTime.iso8601(time)
    return text.prefix(10) == VirtualTime.iso8601(day).prefix(10)
      ? String(text.dropFirst(11)) : text
  }
}
