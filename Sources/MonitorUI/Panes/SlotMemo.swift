import Synchronization

/// What a frame made for each slot it showed (a log line, an observer row), kept with what it
/// was made from, for the next frame: a frame shows nearly the same slots as the one before.
/// The one mechanism behind the log's formatted and laid-out lines (`LogLayoutCache`) and the
/// detail pane's observer lines (`ObserverLinesCache`).
///
/// Pure memoization: a slot's value is used only when the source asked about equals the one it
/// was made from, else it is made again, so a frame is the same with the memo as without it. At
/// most `bound` slots are kept; past it the memo starts again.
final class SlotMemo<Slot: Hashable & Sendable, Source: Equatable & Sendable, Value: Sendable>:
  Sendable
{
  private let kept = Mutex<[Slot: (source: Source, value: Value)]>([:])
  /// Slots kept at most, far more than a screen shows.
  let bound: Int

  /// Creates an empty memo keeping at most `bound` slots.
  init(bound: Int) { self.bound = bound }

  /// Slots kept now.
  var count: Int { kept.withLock { $0.count } }

  /// The value of `slot` made from `source`: the one kept when it was made from an equal
  /// source, else the one `make` makes now (outside the lock), kept in its place.
  func value(at slot: Slot, from source: Source, make: () -> Value) -> Value {
    let found = kept.withLock { kept -> Value? in
      guard let entry = kept[slot], entry.source == source else { return nil }
      return entry.value
    }
    if let found { return found }
    let value = make()
    kept.withLock { kept in
      if kept.count >= bound { kept.removeAll(keepingCapacity: true) }
      kept[slot] = (source, value)
    }
    return value
  }
}
