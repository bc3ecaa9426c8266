/// Every client by slot (`TrackedSlots`, so writes are tracked for `Stage.refresh`), with the
/// few fields a fan-out reads of each observer kept again, side by side, in `fanOut`.
///
/// A fan-out visits 10,000 observers and reads a handful of bytes of each: its SDK profile for
/// every event it reports, whether it may and wants to subscribe, whether its SDK has the
/// metadata event. Read from the clients themselves that is a cache line per observer per
/// fan-out (a client is hundreds of bytes); read from `fanOut` it is 8 bytes. Every write goes
/// through this table's subscript, which refreshes the written client's entry, so the two never
/// disagree.
struct ClientTable {
  private var clients = TrackedSlots<Client>()
  /// Each client's `FanOutFields`, by slot.
  private(set) var fanOut: [FanOutFields] = []

  /// Slots in use: `0..<count`.
  var count: Int { clients.count }
  var indices: Range<Int> { 0..<count }

  subscript(slot: Int) -> Client {
    _read { yield clients[slot] }
    _modify {
      defer { fanOut[slot] = FanOutFields(clients[slot]) }
      yield &clients[slot]
    }
  }

  /// Adds a client in the next slot.
  mutating func append(_ client: Client) {
    clients.append(client)
    fanOut.append(FanOutFields(client))
  }

  /// What changed since the last call (see `TrackedSlots.takeChanges`).
  mutating func takeChanges() -> (changed: SlotSet, forOthers: SlotSet, grew: Bool) {
    clients.takeChanges()
  }
}

/// What a fan-out reads of each observer, in 8 bytes (see `ClientTable`).
struct FanOutFields: Equatable {
  /// `Client.profile`; the stage refuses a profile index that does not fit in 32 bits.
  private let storedProfile: Int32
  /// Whether the current token allows subscribing.
  let canSubscribe: Bool
  /// The app's answer to "subscribe?".
  let subscribeAnswer: StrategySettings.Subscribe
  /// `Client.hasMetadataEvent`.
  let hasMetadataEvent: Bool

  init(_ client: Client) {
    storedProfile = Int32(truncatingIfNeeded: client.profile)
    canSubscribe = client.capabilities.subscribe
    subscribeAnswer = client.strategy.subscribe
    hasMetadataEvent = client.hasMetadataEvent
  }

  /// The index of the client's SDK profile in `ParticipantTables.profiles`.
  var profile: Int { Int(storedProfile) }
}
