import TokenCore

/// One recorded event as the stage keeps it until it is drained: the fields a fan-out event
/// carries, as slots and table indices instead of strings, so recording it retains nothing.
///
/// A key at the service limits makes up to 100,000 observer events. As `StageEvent`s each cost
/// ~200 bytes and a dozen reference counts to make, copy and free; most are never looked at
/// again (the log draws a screenful), so the stage records them in this form and `CompactEvents`
/// turns one into its `StageEvent` when it is read. Events of rare kinds are recorded whole
/// (`whole` indexes them) and only their place in the order is kept here.
struct CompactEvent: Sendable {
  var seq: Int
  var time: Int64
  var source: EventSource
  var kind: EventKind
  var streams: MediaStreams?
  var capabilities: Capabilities?
  /// The reporting client's slot, or -1 (server events report no observer).
  var observer = -1
  /// Index of the reporting client's SDK profile in `CompactEvents.profiles`.
  var profile = 0
  /// The slot of the participant the event is about, or -1.
  var participant = -1
  /// The slot of the publisher a subscribe server event is about, or -1.
  var remote = -1
  /// Index of the participant info it carries in `CompactEvents.metadata`, or -1.
  var metadata = -1
  /// Index of the whole event in `CompactEvents.whole` (a rare kind), or -1.
  var whole = -1
  /// The new state (client events) or the strategy's answer (strategy events).
  var word: String?

  init(seq: Int, time: Int64, source: EventSource, kind: EventKind) {
    self.seq = seq
    self.time = time
    self.source = source
    self.kind = kind
  }
}
