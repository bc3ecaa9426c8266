import IVSRules
import TokenCore

/// One line of the event stream (SPEC §7): a renderer event, a strategy
/// question, a server event, a composition layout change or a runner verdict.
///
/// The UI scrolls these and the headless writer serialises them, so a single
/// value type carries every field §7 names; fields that do not apply to a kind
/// are `nil`. A fan-out makes tens of thousands per key: the stage records
/// those compactly and makes these values only when they are read (see
/// `CompactEvent`), and a headless run still makes every one, so the fields
/// those events carry are stored inline and the fields only rare events carry
/// (errors, rejections, exchanges, layouts, expectations) share one boxed
/// `EventDetails`: an event stays small and copying it touches few references.
public struct StageEvent: Equatable, Sendable {
  /// 1, 2, 3 … in the order events happen.
  public var seq: Int
  /// Virtual time (Unix seconds) from the stage clock.
  public var time: Int64
  /// Who reports the event.
  public var source: EventSource
  /// The canonical kind (§5.1, §2.3, §5.2, §4, runner).
  public var kind: EventKind
  /// Streams added, removed, published or subscribed.
  public var streams: MediaStreams?
  /// Capabilities as the observer now sees them (participantJoined, participantMetadataUpdated,
  /// TOKEN_EXCHANGED).
  public var capabilities: Capabilities?
  /// Participant ID of the SDK client reporting it (client and strategy events), or the
  /// ID of the composition reporting it (composition events).
  public var observer: String?
  /// That client's SDK profile (client and strategy events).
  public var sdk: SDKProfile?
  /// The platform's own callback or method name (§5.1, §2.3).
  public var name: String?
  /// Participant ID the event is about.
  public var participant: String?
  /// `user_id` as the observer now sees it (same kinds as `capabilities`).
  public var userId: String?
  /// Attributes as the observer now sees them (same kinds as `capabilities`).
  public var attributes: [String: String]?
  /// The new state of a state change (`connected`, `published`, `subscribed` …).
  public var state: String?
  /// The publisher a subscribe server event is about.
  public var remoteParticipantId: String?
  /// The strategy's answer to a question: `true`, `false`, `pending`, `audioVideo` …
  public var answer: String?
  /// The participant's true metadata beside the observer's belief (beliefChanged).
  public var truth: BeliefTruth?
  /// The rule of the book that decided the event (`stagemon rules ID`); nil for a runner's
  /// step. Not a field of the stream (SPEC §7): the monitor, `test` and `explain` read it.
  public var rule: RuleID?
  /// The fields of rare kinds, boxed; `nil` while none is set.
  private var details: EventDetailsBox?

  /// Creates an event; the stage fills `seq` and `time` when it records it.
  public init(
    source: EventSource, kind: EventKind, observer: String? = nil, sdk: SDKProfile? = nil,
    name: String? = nil, participant: String? = nil, seq: Int = 0, time: Int64 = 0
  ) {
    self.seq = seq
    self.time = time
    self.source = source
    self.kind = kind
    self.observer = observer
    self.sdk = sdk
    self.name = name
    self.participant = participant
  }

  /// The §5.3 numeric error code of an error or rejection.
  public var code: Int? {
    get { details?.value.code }
    set { updateDetails { $0.code = newValue } }
  }
  /// The symbolic code: Web's name (`TOKEN_EXCHANGE_FAILED`) or the server's `errorCode`.
  public var errorCode: String? {
    get { details?.value.errorCode }
    set { updateDetails { $0.errorCode = newValue } }
  }
  /// Human-readable explanation of an error or rejection.
  public var message: String? {
    get { details?.value.message }
    set { updateDetails { $0.message = newValue } }
  }
  /// The immutable claims that differ (exchangeRejected).
  public var fields: [String]? {
    get { details?.value.fields }
    set { updateDetails { $0.fields = newValue } }
  }
  /// Why a client left the stage (`user-initiated`, `failed-exchange` …).
  public var reason: String? {
    get { details?.value.reason }
    set { updateDetails { $0.reason = newValue } }
  }
  /// Ordered layout slots (layoutChanged).
  public var slots: [CompositionSlot]? {
    get { details?.value.slots }
    set { updateDetails { $0.slots = newValue } }
  }
  /// Before/after summaries of TOKEN_EXCHANGED.
  public var exchange: TokenExchangeSummary? {
    get { details?.value.exchange }
    set { updateDetails { $0.exchange = newValue } }
  }
  /// Step, expected and actual of an `expectFailed` event.
  public var expectation: ExpectationFailure? {
    get { details?.value.expectation }
    set { updateDetails { $0.expectation = newValue } }
  }

  /// Boxes are immutable (so events stay `Sendable`): a change boxes a changed copy.
  private mutating func updateDetails(_ change: (inout EventDetails) -> Void) {
    var value = details?.value ?? EventDetails()
    change(&value)
    details = value == EventDetails() ? nil : EventDetailsBox(value)
  }
}

/// The fields only rare event kinds carry (see `StageEvent`); their names are the
/// stream's, so `EventFieldCatalog` reads them by reflection like the inline ones.
struct EventDetails: Equatable, Sendable {
  var code: Int?
  var errorCode: String?
  var message: String?
  var fields: [String]?
  var reason: String?
  var slots: [CompositionSlot]?
  var exchange: TokenExchangeSummary?
  var expectation: ExpectationFailure?
}

/// An immutable box, compared by value, that keeps `EventDetails` out of every event's
/// inline storage.
final class EventDetailsBox: Equatable, Sendable {
  let value: EventDetails

  init(_ value: EventDetails) { self.value = value }

  static func == (lhs: EventDetailsBox, rhs: EventDetailsBox) -> Bool {
    lhs === rhs || lhs.value == rhs.value
  }
}

/// Who reports an event (SPEC §7 `source`).
public enum EventSource: String, Sendable, CaseIterable {
  /// A simulated SDK client's renderer (§5.1).
  case client
  /// A question an SDK client asked its strategy (§2.3).
  case strategy
  /// The stage service's event log (§5.2).
  case server
  /// A server-side composition (§4).
  case composition
  /// The driver of the model (scenario runner or UI): steps and exchange verdicts.
  case runner
  /// What an observer believes about a participant, derived by the model (§3.4).
  case belief
}

/// Canonical event kinds of SPEC §7; `rawValue` is what the stream writes.
public enum EventKind: String, Sendable, CaseIterable {
  /// Renderer: a remote participant became visible (it started publishing).
  case participantJoined
  /// Renderer: a remote participant stopped being visible.
  case participantLeft
  /// Renderer: the local publish state changed.
  case publishStateChanged
  /// Renderer: the subscribe state to a remote publisher changed.
  case subscribeStateChanged
  /// Renderer: a publisher's streams appeared.
  case streamsAdded
  /// Renderer: a publisher's streams went away.
  case streamsRemoved
  /// Renderer: a stream was muted or unmuted.
  case streamsMutedChanged
  /// Renderer: a participant's info (user ID, attributes) changed (§3.4).
  case participantMetadataUpdated
  /// Renderer: the client's connection state changed.
  case connectionStateChanged
  /// Renderer: an error reported to the app (§5.3).
  case error
  /// Renderer (Web only): the client left the stage, with a reason.
  case stageLeft
  /// Strategy: publish?
  case shouldPublish
  /// Strategy: which streams?
  case streamsToPublish
  /// Strategy: subscribe?
  case shouldSubscribe
  /// Server: a participant joined.
  case joined = "JOINED"
  /// Server: a join failed.
  case joinError = "JOIN_ERROR"
  /// Server: a participant left.
  case left = "LEFT"
  /// Server: a participant started publishing.
  case publishStarted = "PUBLISH_STARTED"
  /// Server: a participant stopped publishing.
  case publishStopped = "PUBLISH_STOPPED"
  /// Server: a publish attempt failed.
  case publishError = "PUBLISH_ERROR"
  /// Server: a subscription started.
  case subscribeStarted = "SUBSCRIBE_STARTED"
  /// Server: a subscription ended.
  case subscribeStopped = "SUBSCRIBE_STOPPED"
  /// Server: a subscription failed.
  case subscribeError = "SUBSCRIBE_ERROR"
  /// Server: a token exchange was accepted.
  case tokenExchanged = "TOKEN_EXCHANGED"
  /// Composition: the layout changed (§4).
  case layoutChanged
  /// Composition: started during the run (StartComposition); `message` has its settings.
  case compositionStarted
  /// Composition: stopped during the run (StopComposition).
  case compositionStopped
  /// Runner: a scenario step or UI action starts.
  case step
  /// Runner: an exchange was rejected (§3.1 or §3.2).
  case exchangeRejected
  /// Runner: an exchange was accepted (§3.3).
  case exchangeAccepted
  /// Runner: a statement of an `expect` step did not hold.
  case expectFailed
  /// Belief: an observer's view of a participant's user ID/attributes turned stale or current.
  case beliefChanged
  /// Strategy: a pending `ask` question was answered (`answer`), by the script, a key or a
  /// command (`reason`): so "answered no" is in the stream and an `expect` can check it.
  case questionAnswered
}

extension EventKind {
  /// Whether the kind reports something the person at the keyboard asked for failing: an SDK
  /// error, a refused join or publish, a rejected exchange. The UI tests the kind before it
  /// looks further into an event, as a fan-out holds ten thousand that are none of these.
  public var isFailure: Bool {
    switch self {
    case .error, .joinError, .publishError, .exchangeRejected: true
    default: false
    }
  }
}

/// The media of a published or subscribed participant.
public struct MediaStreams: OptionSet, Hashable, Sendable {
  /// Raw bits.
  public let rawValue: UInt8
  /// Creates a set from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The audio track.
  public static let audio = MediaStreams(rawValue: 1)
  /// The video track.
  public static let video = MediaStreams(rawValue: 2)
  /// Both tracks, what a publishing client sends.
  public static let audioVideo: MediaStreams = [.audio, .video]
  /// Sorted names for the stream: `["audio", "video"]`.
  public var names: [String] {
    var result: [String] = []
    if contains(.audio) { result.append("audio") }
    if contains(.video) { result.append("video") }
    return result
  }
}

/// Before/after token summaries of a TOKEN_EXCHANGED server event (§3.3).
public final class TokenExchangeSummary: Equatable, Sendable {
  /// The token that was replaced.
  public let previousToken: TokenSummary
  /// The token now in force.
  public let newToken: TokenSummary

  /// Pairs the two summaries.
  public init(previousToken: TokenSummary, newToken: TokenSummary) {
    self.previousToken = previousToken
    self.newToken = newToken
  }

  /// Equal when both summaries are equal.
  public static func == (lhs: TokenExchangeSummary, rhs: TokenExchangeSummary) -> Bool {
    lhs.previousToken == rhs.previousToken && lhs.newToken == rhs.newToken
  }
}
