/// Bytes read from the terminal on their way to events: decodes them as they arrive, settles a
/// started sequence when the terminal pauses (25 ms for an escape sequence, as ESCDELAY does;
/// 500 ms inside a paste, which may arrive in slow chunks), and hands events out one at a time
/// without shifting the queue (a burst of typed keys is thousands of events).
struct InputQueue {
  /// How long to wait for the rest of an escape sequence.
  static let escapeDelay = Duration.milliseconds(25)
  /// How long a paste may stall before it is taken as ended.
  static let pastePause = Duration.milliseconds(500)

  private var decoder = KeyDecoder()
  private var events: [InputEvent] = []
  private var head = 0
  private var lastInput: ContinuousClock.Instant?

  /// Whether a sequence or paste has started and its rest is expected.
  var isWaitingForRest: Bool { decoder.hasPending }

  /// How long to keep waiting for the rest.
  var patience: Duration { decoder.isPasting ? Self.pastePause : Self.escapeDelay }

  /// Decodes `bytes` read at `now` (empty when the wait ended without input), settling pending
  /// bytes once the terminal has paused for `patience`.
  mutating func receive(_ bytes: [UInt8], at now: ContinuousClock.Instant) {
    if !bytes.isEmpty {
      lastInput = now
      append(decoder.feed(bytes))
    } else if decoder.hasPending, let last = lastInput, now - last >= patience {
      append(decoder.flush())
    }
  }

  /// The oldest undelivered event.
  mutating func next() -> InputEvent? {
    guard head < events.count else { return nil }
    defer {
      head += 1
      if head == events.count {
        events.removeAll(keepingCapacity: true)
        head = 0
      }
    }
    return events[head]
  }

  private mutating func append(_ new: [InputEvent]) {
    events.append(contentsOf: new)
  }
}
