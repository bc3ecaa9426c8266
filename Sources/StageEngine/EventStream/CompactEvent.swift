import IVSRules
import TokenCore

/// One recorded event as the stage keeps it until it is drained: the fields a fan-out event
/// carries, as slots and table indices instead of strings, so recording, copying or freeing it
/// touches no reference count, and small (writing 100,000 of them is bound by memory).
///
/// A key at the service limits makes up to 100,000 observer events. As `StageEvent`s each cost
/// ~200 bytes and a dozen reference counts to make, copy and free; most are never looked at
/// again (the log draws a screenful), so the stage records them in this form and `CompactEvents`
/// turns one into its `StageEvent` when it is read. Events of rare kinds are recorded whole
/// (`whole` indexes them) and only their place in the order is kept here.
///
/// Slots and profile indices are kept in 32 bits: the stage refuses a participant or an SDK
/// profile whose index would not fit, so the conversions below never lose a bit.
///
/// An event's `seq` is its position (`CompactEvents.firstSeq` + index), its time is kept once
/// per run of events at the same instant (`CompactEvents`), and the indices of its participant
/// info and of its whole form share one field (`detail`), as no event has both, and so do an
/// observer and a subscribe server event's publisher. All of it fits in 24 bytes: a fan-out
/// key writes 100,000 of them and the log copies the last 10,000, so every byte is written
/// and copied that many times.
struct CompactEvent: Sendable {
  var source: EventSource
  var kind: EventKind
  var streams: MediaStreams?
  var capabilities: Capabilities?
  /// The new state (client events) or the strategy's answer (strategy events).
  var word: EventWord?
  /// The rule of the book that decided the event (it fits in the padding before the slots).
  var rule: RuleID?
  /// The reporting client's slot (client and strategy events) or the publisher a subscribe
  /// server event is about (server events), or -1: no event has both, so they share a field.
  @Index32 private var observerOrRemote = -1
  /// Index of the reporting client's SDK profile in `ParticipantTables.profiles`.
  @Index32 var profile = 0
  /// The slot of the participant the event is about, or -1.
  @Index32 var participant = -1
  /// `metadata` (≥ 0), `whole` (as -2 - index) or neither (-1). Indices into one drain's
  /// tables, which hold at most one entry per event: 2^31 events (48 GiB of them) cannot be.
  private var detail: Int32 = -1

  init(source: EventSource, kind: EventKind) {
    self.source = source
    self.kind = kind
  }

  /// The reporting client's slot, or -1 (server events report no observer).
  var observer: Int {
    get { source == .server ? -1 : observerOrRemote }
    set { observerOrRemote = newValue }
  }
  /// The slot of the publisher a subscribe server event is about, or -1 (only server events
  /// have one).
  var remote: Int {
    get { source == .server ? observerOrRemote : -1 }
    set { observerOrRemote = newValue }
  }

  /// Index of the participant info it carries in `CompactEvents.metadata`, or -1.
  var metadata: Int {
    get { detail >= 0 ? Int(detail) : -1 }
    set { detail = Int32(truncatingIfNeeded: newValue) }
  }
  /// Index of the whole event in `CompactEvents.whole` (a rare kind), or -1.
  var whole: Int {
    get { detail <= -2 ? -2 - Int(detail) : -1 }
    set { detail = Int32(truncatingIfNeeded: -2 - newValue) }
  }
}

/// A slot or table index kept in 32 bits in a `CompactEvent` and read and written as an `Int`;
/// the stage refuses whatever would not fit (see `CompactEvent`).
@propertyWrapper
struct Index32: Sendable {
  private var stored: Int32

  init(wrappedValue: Int) { stored = Int32(truncatingIfNeeded: wrappedValue) }

  var wrappedValue: Int {
    get { Int(stored) }
    set { stored = Int32(truncatingIfNeeded: newValue) }
  }
}

/// The state or answer a compact event carries, kept as the value it names rather than as its
/// text, so that a compact event is small plain data: copied and freed without a reference count.
enum EventWord: Sendable {
  case connection(ConnectionState)
  case publish(PublishState)
  case subscribe(SubscribeState)
  /// `shouldPublish`'s answer: `true`, `false` or `pending` (`ask`).
  case publishAnswer(StrategySettings.Publish)
  case subscribeAnswer(StrategySettings.Subscribe)
  /// `streamsToPublish`'s answer: the app publishes audio and video.
  case audioVideo
  /// `streamsMutedChanged`'s state: `muted` or `unmuted`.
  case muted(Bool)

  /// The word as the stream writes it.
  var text: String {
    switch self {
    case .connection(let state): state.rawValue
    case .publish(let state): state.rawValue
    case .subscribe(let state): state.rawValue
    case .publishAnswer(.always): "true"
    case .publishAnswer(.never): "false"
    case .publishAnswer(.ask): "pending"
    case .subscribeAnswer(let answer): answer.rawValue
    case .audioVideo: "audioVideo"
    case .muted(let muted): muted ? "muted" : "unmuted"
    }
  }
}
