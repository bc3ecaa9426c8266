import StageEngine
import Testing

/// SPEC §3.4 as one table: which event first carries a new user ID / attributes
/// to each kind of observer, for each thing the participant does afterwards.
@Suite("Visibility matrix (SPEC §3.4)")
struct VisibilityMatrixTests {
  enum Participant: String, CaseIterable, Sendable {
    case notPublishingThenPublishes, publishingNeverRepublishes, publishingThenRepublishes
  }

  enum Observer: String, CaseIterable, Sendable {
    case ios137 = "ios@1.37.0"
    case android136 = "android@1.36.0"
    case web132 = "web@1.32.0"
    case web133 = "web@1.33.0"
    case compositionOnReconnect, compositionLive

    var hasMetadataEvent: Bool { [.ios137, .web133, .compositionLive].contains(self) }
    var policy: CompositionConfiguration.UpdatePolicy? {
      switch self {
      case .compositionOnReconnect: return .onReconnect
      case .compositionLive: return .live
      default: return nil
      }
    }
  }

  enum Phase: String, Sendable { case exchange, publish }

  struct Delivery: Equatable, CustomStringConvertible {
    let phase: Phase
    let kind: EventKind
    var description: String { "\(kind.rawValue) at \(phase.rawValue)" }
  }

  static func expected(_ participant: Participant, _ observer: Observer) -> Delivery? {
    let joinedEvent: EventKind = observer.policy == nil ? .participantJoined : .layoutChanged
    let metadataEvent: EventKind =
      observer.policy == nil ? .participantMetadataUpdated : .layoutChanged
    switch participant {
    case .notPublishingThenPublishes:
      return Delivery(phase: .publish, kind: joinedEvent)
    case .publishingNeverRepublishes:
      return observer.hasMetadataEvent ? Delivery(phase: .exchange, kind: metadataEvent) : nil
    case .publishingThenRepublishes:
      return observer.hasMetadataEvent
        ? Delivery(phase: .exchange, kind: metadataEvent)
        : Delivery(phase: .publish, kind: joinedEvent)
    }
  }

  @Test(arguments: Participant.allCases, Observer.allCases)
  func newMetadataReachesObserver(participant: Participant, observer: Observer) throws {
    let composition = observer.policy.map {
      CompositionConfiguration(featuredParticipantAttribute: "featured", updates: $0)
    }
    let fixture = try EngineFixture(composition: composition)
    let sdk = observer.policy == nil ? observer.rawValue : "ios@1.37.0"
    try fixture.join("other")
    try fixture.join("obs", sdk: sdk, publish: false)
    let startsPublishing = participant != .notPublishingThenPublishes
    try fixture.join(
      "pub", strategy: StrategySettings(publish: startsPublishing ? .always : .never),
      userId: "old")
    var deliveries: [Delivery] = []
    let (outcome, exchangeEvents) = try fixture.exchange(
      "pub", userId: "new", attributes: ["featured": "true"])
    #expect(outcome == .accepted)
    deliveries += carriers(exchangeEvents, observer).map { Delivery(phase: .exchange, kind: $0) }
    if participant == .notPublishingThenPublishes {
      #expect(exchangeEvents.map(\.kind) == [.exchangeAccepted, .tokenExchanged])
    }
    if participant == .publishingThenRepublishes {
      try fixture.stage.unpublish(participant: "pub")
    }
    if participant != .publishingNeverRepublishes {
      try fixture.stage.publish(participant: "pub")
    }
    deliveries += carriers(fixture.stage.drainEvents(), observer).map {
      Delivery(phase: .publish, kind: $0)
    }
    #expect(deliveries.first == Self.expected(participant, observer))
    try expectBelief(fixture.stage.snapshot(), observer, stale: deliveries.isEmpty)
  }

  /// Kinds of the events that give `observer` the new user ID / attributes.
  private func carriers(_ events: [StageEvent], _ observer: Observer) -> [EventKind] {
    events.filter { event in
      if observer.policy != nil {
        return event.kind == .layoutChanged
          && event.slots?.first == CompositionSlot(role: .featured, participant: "pub")
      }
      return event.observer == "obs" && event.participant == "pub" && event.userId == "new"
        && event.attributes == ["featured": "true"]
    }.map(\.kind)
  }

  private func expectBelief(_ snapshot: StageSnapshot, _ observer: Observer, stale: Bool) throws {
    let view =
      observer.policy == nil
      ? snapshot.participant("obs")?.remotes.first { $0.participant == "pub" }
      : snapshot.composition?.believed.first { $0.participant == "pub" }
    let belief = try #require(view)
    #expect(belief.isStale == stale)
    #expect(belief.believed.userId == (stale ? "old" : "new"))
    if stale {
      let reason = try #require(belief.staleReason)
      #expect(reason.hasSuffix(observer.policy == nil ? "sees it on republish" : "or reconnect"))
      if observer.policy == nil { #expect(reason.hasPrefix(observer.rawValue)) }
    }
  }

  /// An observer that joins after the exchange learns the current values at join, whatever
  /// its SDK (assumption: the seed speaks only of observers already present).
  @Test(arguments: ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0"])
  func anObserverThatJoinsAfterAnExchangeSeesTheCurrentValues(sdk: String) throws {
    let fixture = try EngineFixture()
    try fixture.join("pub", userId: "old", attributes: ["seat": "1"])
    _ = try fixture.exchange("pub", userId: "new", attributes: ["seat": "2"])
    let joined = try fixture.join("late", sdk: sdk, publish: false)
      .first { $0.kind == .participantJoined && $0.participant == "pub" }
    #expect(joined?.userId == "new" && joined?.attributes == ["seat": "2"])
    let view = try #require(fixture.stage.snapshot().participant("late")?.remotes.first)
    #expect(!view.isStale)
  }

  /// What the exchanging participant is doing when it exchanges.
  enum SelfState: String, CaseIterable, Sendable {
    case notPublishing, publishing, losesPublishWhilePublishing, metadataUnchanged
  }

  /// The exchanging client itself (SPEC §3.4): Web fires the metadata event for the
  /// local participant after every accepted exchange, publishing or not, even when
  /// nothing in it changed; iOS/Android fire none (assumption).
  @Test(arguments: SelfState.allCases, ["web@1.33.0", "ios@1.37.0", "android@1.37.0"])
  func exchangingClientGetsItsOwnMetadataEventOnlyOnWeb(state: SelfState, sdk: String) throws {
    let fixture = try EngineFixture()
    try fixture.join(
      "me", sdk: sdk,
      strategy: StrategySettings(publish: state == .notPublishing ? .never : .always),
      userId: "old")
    let attributes = state == .metadataUnchanged ? [:] : ["k": "v"]
    let (outcome, events) = try fixture.exchange(
      "me", publish: state != .losesPublishWhilePublishing,
      userId: state == .metadataUnchanged ? "old" : "new", attributes: attributes)
    #expect(outcome == .accepted)
    let own = events.filter { $0.line == "client participantMetadataUpdated me→me" }
    #expect(own.count == (sdk.hasPrefix("web") ? 1 : 0))
    if let event = own.first {
      #expect(event.userId == (state == .metadataUnchanged ? "old" : "new"))
      #expect(event.attributes == attributes)
      #expect(event.name == "STAGE_PARTICIPANT_METADATA_CHANGED")
    }
  }
}
