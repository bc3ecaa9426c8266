import IVSRules
import TokenCore

/// The in-process model of one IVS stage: the stage service (ground truth,
/// key store, limits, server event log) and one simulated broadcast SDK per
/// participant (SPEC §2).
///
/// The UI and the scenario runner drive it only through these methods and read
/// it through `snapshot()` and `drainEvents()`. Every action appends the events
/// it causes, in order, stamped with the virtual clock. Participants are kept
/// in arrays indexed by slot and iterated in join order, so runs are
/// deterministic and one exchange fans out to 10,000 observers without
/// allocating per observer.
public final class Stage {
  /// At most this many participants publish at once (the book's `capacity.publishers`).
  public static let publisherLimit = RuleBook.ivs.latest.decide(.publishersPerStage).outcome
  /// At most this many subscribers per stage (the book's `capacity.subscribers`).
  public static let subscriberLimit = RuleBook.ivs.latest.decide(.subscribersPerStage).outcome

  /// Identity, endpoints and start time.
  public let configuration: StageConfiguration
  /// The rules of the run's day (`configuration.rules`): every decision is asked of them.
  public var rules: RulesInForce { configuration.rules }
  /// Every rule a decision of this stage has applied so far (for `stagemon test`'s coverage and
  /// the book's own tests).
  public internal(set) var rulesApplied: Set<RuleID> = []
  /// The rules applied since the runner's last step began (what an `expect` failure cites).
  var rulesOfStep: Set<RuleID> = []
  /// The rule deciding the events being recorded now (`following(_:_:)`), nil between
  /// decisions.
  var ruleInForce: RuleID?
  /// The book's answers per SDK profile index (`Client.profile`), resolved when first used.
  var profileRules: [SDKRules] = []
  /// The virtual clock; only `advance` moves it.
  public internal(set) var clock: VirtualClock

  var keys: KeyStore
  /// Tokens whose signature `proveSignatures` checked, with the key it verified with.
  var provenSigners: [String: PublicKey] = [:]
  /// Every client, by slot; writes are tracked for `refresh(_:)`.
  var clients = TrackedSlots<Client>()
  var slotByID: [String: Int] = [:]
  /// Connected client slots in join order.
  var joinOrder: [Int] = [] {
    didSet { joinOrderChanged = true }
  }
  /// Publishing client slots in publish-start order; a change reorders every observer's views.
  var publishOrder: [Int] = [] {
    didSet { orderChanged = true }
  }
  /// Whether `joinOrder` / `publishOrder` changed since the last `refresh(_:)`.
  var joinOrderChanged = false
  var orderChanged = false
  /// Free publisher slots (each publisher gets one of `publisherLimit` columns of `views`).
  var freePublisherSlots: [Int] = Array((0..<Stage.publisherLimit).reversed())
  /// Every observer's view of each publisher column (`Client.publisherSlot`).
  var views = ViewTable()
  var revokedParticipantIDs: Set<String> = []
  var isDeleted = false
  /// Running compositions in start order (at most `compositionLimit`).
  var compositions: [CompositionState] = []
  /// Serials handed to compositions so far.
  var compositionSerials = 0
  /// Events recorded since the last drain, compactly.
  var events = CompactEvents()
  /// Events made whole for `drainEvents(_:)`; kept so a long headless run reuses the buffer.
  private var drained: [StageEvent] = []
  /// Observer–participant pairs whose belief is stale (see Stage+Beliefs).
  var staleBeliefs: Set<BeliefKey> = []
  /// Stale-belief reasons already built for the participant being fanned out.
  var staleReasons = StaleReasonCache()
  /// The `seq` the next event gets.
  var nextSeq: Int { events.nextSeq }

  /// Opens a stage with no participants at the configuration's start time.
  public init(configuration: StageConfiguration) {
    self.configuration = configuration
    self.clock = VirtualClock(start: configuration.start)
    self.keys = configuration.keys
    if let composition = configuration.composition {
      let updates = configuration.rules.compositionUpdates(whatIf: composition.updates)
      rulesApplied.insert(updates.rule)
      compositionSerials = 1
      compositions = [
        CompositionState(
          id: Self.firstCompositionID, serial: 1, configuration: composition,
          updates: updates)
      ]
    }
  }

  /// Registers a participant's SDK client (not yet joined). IDs are unique.
  public func addParticipant(
    id: String, sdk: SDKProfile, strategy: StrategySettings = StrategySettings()
  ) throws(StageActionError) {
    guard !id.isEmpty else { throw StageActionError("a participant needs a non-empty ID") }
    guard slotByID[id] == nil else { throw StageActionError("participant \(id) already exists") }
    // Events keep slots in 32 bits (`CompactEvent`).
    guard clients.count < Int32.max else {
      throw StageActionError("a stage holds at most \(Int32.max) participants")
    }
    let profile = try profileIndex(of: sdk)
    slotByID[id] = clients.count
    clients.append(
      Client(
        id: id, sdk: sdk, rules: profileRules[profile], profile: profile, strategy: strategy))
    events.tables.append(id: id)
    views.appendParticipant()
  }

  /// Participant IDs in registration order.
  public var participantIDs: [String] { events.tables.ids }

  /// Removes and returns every event recorded since the last call, oldest first.
  public func drainEvents() -> [StageEvent] {
    defer { events.removeAll() }
    return events.events(from: 0)
  }

  /// Hands every event recorded since the last drain to `body`, oldest first, then
  /// forgets them. Unlike `drainEvents()` the stage keeps its buffers, so a long
  /// headless run does not allocate fresh ones per step.
  public func drainEvents(_ body: ([StageEvent]) throws -> Void) rethrows {
    defer {
      events.removeAll()
      drained.removeAll(keepingCapacity: true)
    }
    for index in 0..<events.count { drained.append(events.event(at: index)) }
    try body(drained)
  }

  /// Removes every event recorded since the last drain and returns the last `limit` of them as
  /// one batch whose events are made only when read (with every failure among all of them): how
  /// the live UI, which keeps `limit` log lines, takes a fan-out of 100,000 events at the cost of
  /// the few it shows.
  public func drainBatch(keepingLast limit: Int) -> EventBatch {
    defer { events.removeAll() }
    let kept = events.suffix(limit)
    let skipped = events.count - kept.count
    return EventBatch(kept, skipped: skipped, failures: events.failures())
  }

  /// Number of events recorded and not yet drained.
  public var pendingEventCount: Int { events.count }

  /// Moves the virtual clock forward. Nothing else happens: tokens are checked
  /// against the clock when they are used (join, exchange).
  public func advance(bySeconds seconds: Int64) {
    clock.advance(bySeconds: seconds)
    noteExpiredTokens()
  }

  /// Moves the virtual clock forward by a scenario duration.
  public func advance(by duration: VirtualDuration) {
    clock.advance(by: duration)
    noteExpiredTokens()
  }

  /// A connected participant whose token has expired stays connected (`token.expiry-while-
  /// connected`): nothing happens, and the decision is noted once.
  private func noteExpiredTokens() {
    guard !rulesApplied.contains(.tokenExpiryWhileConnected) else { return }
    let now = clock.now
    if joinOrder.contains(where: { clients[$0].token.map { $0.claims.exp <= now } ?? false }) {
      apply(.tokenExpiryWhileConnected)
    }
  }

  /// Records a runner `step` event (scenario step or UI action) in the stream.
  public func recordStep(_ description: String) {
    emit(.runner, .step) { $0.message = description }
  }

  /// Changes the simulated SDK of a participant, e.g. to reproduce a customer's release.
  public func setSDKProfile(participant id: String, to sdk: SDKProfile) throws(StageActionError) {
    let slot = try slot(of: id)
    let profile = try profileIndex(of: sdk)
    clients[slot].setSDK(sdk, rules: profileRules[profile], profile: profile)
  }

  /// Changes how the host app answers strategy questions; takes effect on the next
  /// question or `refreshStrategy`.
  public func setStrategy(participant id: String, to strategy: StrategySettings)
    throws(StageActionError)
  {
    let slot = try slot(of: id)
    clients[slot].strategy = strategy
  }

  /// `sdk`'s index in the stage's profile table; events keep it in 32 bits (`CompactEvent`),
  /// so a profile that would not fit is refused. A new profile's answers are resolved here,
  /// once, and their rules noted as applied.
  private func profileIndex(of sdk: SDKProfile) throws(StageActionError) -> Int {
    let index = events.tables.index(of: sdk)
    guard index < Int32.max else {
      throw StageActionError("a stage runs at most \(Int32.max) different SDK profiles")
    }
    while profileRules.count <= index {
      let resolved = rules.sdkRules(for: events.tables.profiles[profileRules.count])
      rulesApplied.formUnion(resolved.rules)
      profileRules.append(resolved)
    }
    return index
  }

  /// Notes that a decision applied `rule` and hands it back, for the event that carries it.
  @discardableResult
  func apply(_ rule: RuleID) -> RuleID {
    rulesApplied.insert(rule)
    rulesOfStep.insert(rule)
    return rule
  }

  /// Notes that `decision`'s rule was applied and hands the decision back.
  @discardableResult
  func apply<Outcome>(_ decision: Decision<Outcome>) -> Decision<Outcome> {
    apply(decision.rule)
    return decision
  }

  /// The book's answer to `question`, noted as applied.
  func decide<Outcome>(_ question: Question<Outcome>) -> Decision<Outcome> {
    return apply(rules.decide(question))
  }

  /// The book's answer to `question` for client `slot`'s SDK, noted as applied.
  func decide<Outcome>(_ question: Question<Outcome>, forClient slot: Int) -> Decision<Outcome> {
    return apply(rules.decide(question, for: clients[slot].sdk))
  }

  func slot(of id: String) throws(StageActionError) -> Int {
    guard let slot = slotByID[id] else { throw StageActionError("no participant \(id)") }
    return slot
  }

  func connectedSlot(of id: String) throws(StageActionError) -> Int {
    let slot = try slot(of: id)
    guard clients[slot].connection == .connected else {
      throw StageActionError("\(id) is not connected")
    }
    return slot
  }
}
