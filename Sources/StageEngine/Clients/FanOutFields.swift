import IVSRules

/// What a fan-out reads of each observer, in 8 bytes, kept for every client beside the clients
/// (`TrackedSlots.summaries`).
///
/// A fan-out visits 10,000 observers and reads a handful of bytes of each: its SDK profile for
/// every event it reports, whether it may and wants to subscribe, whether its SDK has the
/// metadata event. Read from the clients themselves that is a cache line per observer per
/// fan-out (a client is hundreds of bytes); read from the summaries it is 8 bytes. Every write
/// of a client goes through the table's subscript, which refreshes the written client's
/// summary, so the two never disagree.
struct FanOutFields: Equatable {
  /// `Client.profile`; the stage refuses a profile index that does not fit in 32 bits.
  private let storedProfile: Int32
  /// Whether the current token allows subscribing.
  let canSubscribe: Bool
  /// The app's answer to "subscribe?".
  let subscribeAnswer: StrategySettings.Subscribe
  /// Whether the client's SDK has the metadata event (the book's `Question.hasMetadataEvent`).
  let hasMetadataEvent: Bool
  /// The rule that gives `hasMetadataEvent` for the client's SDK on the run's day.
  let metadataRule: RuleID

  init(_ client: Client) {
    storedProfile = Int32(truncatingIfNeeded: client.profile)
    canSubscribe = client.capabilities.subscribe
    subscribeAnswer = client.strategy.subscribe
    hasMetadataEvent = client.sdkRules.hasMetadataEvent.outcome
    metadataRule = client.sdkRules.hasMetadataEvent.rule
  }

  /// The index of the client's SDK profile in `ParticipantTables.profiles`.
  var profile: Int { Int(storedProfile) }
}
