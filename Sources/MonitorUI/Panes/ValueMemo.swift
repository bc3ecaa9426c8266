import Synchronization

/// The last few values made for a key, kept so that frames made of the same state do not make
/// them again: the detail pane's wrapped summary is made for the layout (at two widths on a
/// narrow screen) and for the pane itself, frame after frame. Pure memoization: a value is
/// reused only for an equal key, so what a frame shows is the same with it as without it.
final class ValueMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  private let kept = Mutex<[(key: Key, value: Value)]>([])

  /// Keys kept at most (two widths a frame, two grids).
  static var capacity: Int { 4 }

  /// Creates an empty memo.
  init() {}

  /// The value kept for `key`, else the one `make` makes, kept for next time.
  func value(for key: Key, make: () -> Value) -> Value {
    if let found = kept.withLock({ kept in kept.first { $0.key == key }?.value }) {
      return found
    }
    let value = make()
    kept.withLock { kept in
      kept.insert((key, value), at: 0)
      if kept.count > Self.capacity { kept.removeLast(kept.count - Self.capacity) }
    }
    return value
  }
}
