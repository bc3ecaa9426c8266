import IVSRules
import TokenCore

/// One simulated SDK client's state inside the stage (internal).
///
/// The small fields the model reads most come first and share the struct's first cache line
/// (Swift lays a struct out in declaration order); a fan-out reads its observers' through
/// `FanOutFields` instead.
struct Client {
  /// The index of `sdk` in the stage's `ParticipantTables`, which every event it reports names.
  var profile: Int
  /// The current token's capabilities, stored because every fan-out reads them.
  private(set) var capabilities = Capabilities()
  var strategy: StrategySettings
  var connection = ConnectionState.disconnected
  var publish = PublishState.notPublished
  /// Column in `Stage.views` while publishing, else -1.
  var publisherSlot = -1
  var pendingPublishQuestion = false
  /// Local streams the app has muted; they stay muted across unpublish and network drops.
  var muted: MediaStreams = []
  let id: String
  /// The SDK; set with `setSDK(_:rules:)` so that its answers stay its own.
  private(set) var sdk: SDKProfile
  /// The book's answers for `sdk` on the run's day, resolved once per profile.
  private(set) var sdkRules: SDKRules
  var token: ParticipantToken?
  /// Every distinct user ID / attributes value this participant has had; index = version.
  var history: [ParticipantMetadata] = [] {
    didSet { truth = history.last.map(BeliefTruth.init) }
  }
  /// The current metadata boxed once per version, shared by every `beliefChanged` event.
  private(set) var truth: BeliefTruth?

  init(id: String, sdk: SDKProfile, rules: SDKRules, profile: Int, strategy: StrategySettings) {
    self.id = id
    self.sdk = sdk
    self.sdkRules = rules
    self.profile = profile
    self.strategy = strategy
  }

  /// Runs `sdk` from now on, with the book's answers for it.
  mutating func setSDK(_ sdk: SDKProfile, rules: SDKRules, profile: Int) {
    self.sdk = sdk
    self.sdkRules = rules
    self.profile = profile
  }

  /// Makes `token` current as the one it joined with, its metadata the first version: only
  /// for a participant no one has seen (never published), so no version of it was shown.
  mutating func adoptAsJoined(_ token: ParticipantToken) {
    history = []
    adopt(token)
  }

  var version: Int { history.count - 1 }
  var metadata: ParticipantMetadata {
    history.last ?? ParticipantMetadata(userId: nil, attributes: [:])
  }

  /// Makes `token` current, starting a new metadata version if user ID or attributes differ.
  /// Returns whether the metadata changed.
  @discardableResult
  mutating func adopt(_ token: ParticipantToken) -> Bool {
    self.token = token
    capabilities = token.claims.capabilities
    let metadata = ParticipantMetadata(
      userId: token.claims.userId, attributes: token.claims.attributes)
    guard history.last != metadata else { return false }
    history.append(metadata)
    return true
  }
}

/// What one observer knows about one publisher slot (internal, 8 bytes).
struct RemoteView: Equatable {
  var known = false
  var subscribe = SubscribeState.notSubscribed
  var streams: MediaStreams = []
  /// The publisher's metadata version this observer last received.
  var version: Int32 = 0

  /// Subscribed to `streams`. Both fields change in one write of the view: a fan-out makes one
  /// per observer, and each write of a tracked view is noted as a change.
  mutating func markSubscribed(to streams: MediaStreams) {
    subscribe = .subscribed
    self.streams = streams
  }

  /// Not subscribed, in one write (see `markSubscribed(to:)`).
  mutating func markUnsubscribed() {
    subscribe = .notSubscribed
    streams = []
  }
}

/// One running composition: its ID, configuration, the layout it last announced and
/// the metadata version it believes of each publisher (internal).
struct CompositionState {
  let id: String
  /// Unique for the stage's lifetime (1, 2, …); beliefs are keyed by it.
  let serial: Int
  var configuration: CompositionConfiguration
  /// When it follows an exchange: the day's rule, or the configuration's what-if.
  var updates: Decision<CompositionUpdates>
  var slots: [CompositionSlot] = []
  /// Client slot → the metadata version this composition believes (on-reconnect lags).
  var versions: [Int: Int] = [:]
}
