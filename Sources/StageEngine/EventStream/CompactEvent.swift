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
/// An event's `seq` is its position (`CompactEvents.firstSeq` + index) and its time is kept once
/// per run of events at the same instant (`CompactEvents`). All of it fits in 24 bytes: a
/// fan-out key writes 100,000 of them and the log copies the last 10,000, so every byte is
/// written and copied that many times. That is why its indices are `Index32`s rather than
/// `Int?`s, and why fields no event needs together share storage: an observer and a subscribe
/// server event's publisher (`source` tells which), participant info and the whole form
/// (`EventDetail`).
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
  /// server event is about (server events).
  private var observerOrRemote = Index32.none
  private var profileIndex = Index32(0)
  private var participantSlot = Index32.none
  private var packedDetail = EventDetail.none.packed

  init(source: EventSource, kind: EventKind) {
    self.source = source
    self.kind = kind
  }

  /// The reporting client's slot; server events report no observer.
  var observer: Int? {
    get { source == .server ? nil : observerOrRemote.value }
    set { observerOrRemote = Index32(newValue) }
  }
  /// The slot of the publisher a subscribe server event is about (only server events have one).
  var remote: Int? {
    get { source == .server ? observerOrRemote.value : nil }
    set { observerOrRemote = Index32(newValue) }
  }
  /// Index of the reporting client's SDK profile in `ParticipantTables.profiles`.
  var profile: Int {
    get { profileIndex.value ?? 0 }
    set { profileIndex = Index32(newValue) }
  }
  /// The slot of the participant the event is about, if any.
  var participant: Int? {
    get { participantSlot.value }
    set { participantSlot = Index32(newValue) }
  }
  /// The participant info or whole form it carries, if either.
  var detail: EventDetail {
    get { EventDetail(packed: packedDetail) }
    set { packedDetail = newValue.packed }
  }
  /// Index of the participant info it carries in `CompactEvents.metadata`, if any.
  var metadata: Int? {
    get { if case .metadata(let index) = detail { index } else { nil } }
    set { detail = newValue.map(EventDetail.metadata) ?? .none }
  }
}

/// A slot or table index kept in 32 bits, or none, in a `CompactEvent` (an `Int?` takes 9
/// bytes). The stage refuses a participant or an SDK profile whose index would not fit, and a
/// drain's tables hold at most one entry per event (2^31 events, 48 GiB of them, cannot be),
/// so no index loses a bit.
struct Index32: Sendable, Equatable {
  private var stored: Int32

  /// No index.
  static let none = Index32(nil)

  init(_ index: Int?) { stored = index.map { Int32(truncatingIfNeeded: $0) } ?? -1 }

  var value: Int? { stored >= 0 ? Int(stored) : nil }
}

/// What a compact event carries besides slots, as an index into its drain's tables: the
/// participant info an observer received (`CompactEvents.metadata`), or the whole event of a
/// rare kind, of which only the place in the order is kept compactly (`CompactEvents.whole`).
/// No event has both, so a compact event keeps either in one 32-bit field (`packed`).
enum EventDetail: Sendable, Equatable {
  case none
  case metadata(Int)
  case whole(Int)

  /// The one field: -1 for none, the index for participant info, -2 - index for a whole event.
  var packed: Int32 {
    switch self {
    case .none: -1
    case .metadata(let index): Int32(truncatingIfNeeded: index)
    case .whole(let index): Int32(truncatingIfNeeded: -2 - index)
    }
  }

  init(packed: Int32) {
    switch packed {
    case 0...: self = .metadata(Int(packed))
    case -1: self = .none
    default: self = .whole(-2 - Int(packed))
    }
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
