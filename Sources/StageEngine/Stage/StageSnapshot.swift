import TokenCore

/// The whole stage at one instant, as plain values.
///
/// The UI renders from it, and tests compare two snapshots to prove that a
/// rejected action changed nothing; so it is `Equatable` and holds everything
/// a participant pane shows, including what each observer believes.
public struct StageSnapshot: Equatable, Sendable {
  /// Virtual time, Unix seconds.
  public var time: Int64
  /// Stage ARN.
  public var stageARN: String
  /// Whether the stage was deleted.
  public var isDeleted: Bool
  /// Every participant, in registration order.
  public var participants: [ParticipantSnapshot]
  /// Connected participant IDs in join order.
  public var joinOrder: [String]
  /// Publishing participant IDs in publish-start order.
  public var publishers: [String]
  /// Running compositions, in start order.
  public var compositions: [CompositionSnapshot]
  /// Strategy questions waiting for the person at the keyboard.
  public var pendingQuestions: [PendingQuestion]
  /// The rules of the day the stage tells, which decided everything here.
  public var rules: RulesInForce

  /// The participant with `id`, if any.
  public func participant(_ id: String) -> ParticipantSnapshot? {
    participants.first { $0.id == id }
  }

  /// The first running composition (the scenario's own, unless it was stopped), if any.
  public var composition: CompositionSnapshot? { compositions.first }
}

/// One participant: its SDK, token, states and what it believes about each publisher.
public struct ParticipantSnapshot: Equatable, Sendable {
  /// Participant (client) ID.
  public var id: String
  /// Simulated SDK.
  public var sdk: SDKProfile
  /// The book's answers for `sdk` on the stage's day (has exchangeToken, the metadata event …).
  public var sdkRules: SDKRules
  /// How its app answers strategy questions.
  public var strategy: StrategySettings
  /// The token in force (after the first join attempt that succeeded).
  public var token: TokenSummary?
  /// Capabilities of the token in force (none without a token).
  public var capabilities: Capabilities
  /// Connection state.
  public var connection: ConnectionState
  /// Publish state.
  public var publish: PublishState
  /// Local streams the app has muted (every observer that sees the publisher is told).
  public var muted: MediaStreams
  /// The truth: current user ID and attributes.
  public var metadata: ParticipantMetadata?
  /// What this client sees of each visible remote publisher, in publish-start order.
  public var remotes: [RemoteViewSnapshot]
}

/// One observer's view of one publisher: subscription and believed participant info.
public struct RemoteViewSnapshot: Equatable, Sendable {
  /// The publisher.
  public var participant: String
  /// Subscribe state.
  public var subscribe: SubscribeState
  /// Subscribed media.
  public var streams: MediaStreams
  /// User ID and attributes as last delivered to this observer.
  public var believed: ParticipantMetadata
  /// Whether `believed` differs from the publisher's current truth.
  public var isStale: Bool
  /// Why it is stale and when it catches up, e.g. "android@1.36.0: sees it on republish".
  public var staleReason: String?
  /// The rule that keeps it stale (`visibility.republish-only`, `composition.layout.on-reconnect`).
  public var staleRule: RuleID?
}

/// One composition: ID, settings, current slots and the attributes it believes.
public struct CompositionSnapshot: Equatable, Sendable {
  /// The composition's ID (`main` for the scenario's own).
  public var id: String
  /// Settings.
  public var configuration: CompositionConfiguration
  /// When it follows an exchange, with the rule that says so (a what-if when `configuration`
  /// sets `updates`).
  public var updates: Decision<CompositionUpdates>
  /// Current layout.
  public var slots: [CompositionSlot]
  /// Believed participant info per publisher, in publish-start order.
  public var believed: [RemoteViewSnapshot]
}

/// A strategy question waiting for an answer (`ask`).
public struct PendingQuestion: Equatable, Sendable {
  /// The client asking.
  public var participant: String
  /// Always `shouldPublish` today.
  public var kind: EventKind
  /// The platform's method name.
  public var name: String
}
