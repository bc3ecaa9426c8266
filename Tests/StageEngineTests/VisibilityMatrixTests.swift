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

  @Test func webExchangingClientGetsItsOwnMetadataEvent() throws {
    let fixture = try EngineFixture()
    try fixture.join("pub", sdk: "web@1.33.0")
    let (_, events) = try fixture.exchange("pub", attributes: ["k": "v"])
    #expect(events.contains { $0.line == "client participantMetadataUpdated pub→pub" })
  }

  @Test func mobileExchangingClientGetsNoEventForItself() throws {
    let fixture = try EngineFixture()
    try fixture.join("pub", sdk: "android@1.37.0")
    let (_, events) = try fixture.exchange("pub", attributes: ["k": "v"])
    #expect(!events.contains { $0.kind == .participantMetadataUpdated })
  }
}
