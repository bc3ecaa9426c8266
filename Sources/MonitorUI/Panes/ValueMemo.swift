import Synchronization

/// The values made for the last few keys, the most recently used first, kept so that frames
/// made of the same state do not make them again: the detail pane's wrapped summary is made for
/// the layout (at two widths on a narrow screen) and for the pane itself, frame after frame,
/// and `PaneMemo` keeps a pane's drawn rows here. A few keys, because a terminal resized back
/// and forth, or two grids drawing the same state, each need their own. Pure memoization: a
/// value is reused only for an equal key, so what a frame shows is the same with it as
/// without it.
final class ValueMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  private let kept = Mutex<[(key: Key, value: Value)]>([])

  /// Keys kept at most.
  static var capacity: Int { 4 }

  /// Creates an empty memo.
  init() {}

  /// The value kept for `key`, now the most recently used, if any.
  func value(for key: Key) -> Value? {
    kept.withLock { kept in
      guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
      let found = kept.remove(at: index)
      kept.insert(found, at: 0)
      return found.value
    }
  }

  /// Keeps `value` for `key`, in place of any value kept for it, as the most recently used.
  func keep(_ value: Value, for key: Key) {
    kept.withLock { kept in
      kept.removeAll { $0.key == key }
      kept.insert((key, value), at: 0)
      if kept.count > Self.capacity { kept.removeLast(kept.count - Self.capacity) }
    }
  }

  /// The value kept for `key`, else the one `make` makes, kept for next time.
  func value(for key: Key, make: () -> Value) -> Value {
    if let found = value(for: key) { return found }
    let value = make()
    keep(value, for: key)
    return value
  }
}
