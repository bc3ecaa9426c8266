/// The compact events of one recording or one batch, in one allocation that only its owner
/// holds.
///
/// An `Array` asks the runtime on every append whether its storage is shared (copy-on-write);
/// a fan-out appends 100,000 events, and those checks were a tenth of the key's instructions.
/// This buffer is noncopyable, so it never has a second owner and an append is a capacity check
/// and a store. `CompactEvent` is plain data, so growing moves bytes and freeing frees them.
///
/// `@unchecked Sendable`: the compiler cannot see through the raw pointer, so it is said here.
/// The allocation has exactly one owner, this noncopyable value: it is changed only through
/// `mutating` methods, which need that owner exclusively, and it crosses threads only inside an
/// immutable `EventBatch` (`let`), where it is only read. `Array` would be checked, but would
/// ask on every append whether its storage is shared, which is what this type exists to avoid.
struct CompactEventBuffer: ~Copyable, @unchecked Sendable {
  private var base: UnsafeMutablePointer<CompactEvent>
  private var capacity: Int
  /// Events held.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` events before it grows.
  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Adds `event` at the end.
  @inline(__always)
  mutating func append(_ event: CompactEvent) {
    if count == capacity { grow() }
    (base + count).initialize(to: event)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let grown = UnsafeMutablePointer<CompactEvent>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity *= 2
  }

  /// Event `index` (0 ≤ index < `count`).
  subscript(index: Int) -> CompactEvent {
    precondition(index >= 0 && index < count, "compact event \(index) of \(count)")
    return base[index]
  }

  /// A buffer of its own holding a copy of the last `limit` events (all of them if fewer).
  func suffix(_ limit: Int) -> CompactEventBuffer {
    let kept = min(count, max(0, limit))
    var copy = CompactEventBuffer(capacity: kept)
    copy.base.initialize(from: base + (count - kept), count: kept)
    copy.count = kept
    return copy
  }

  /// Forgets the events from `index` on, keeping the capacity for the next burst.
  mutating func removeEvents(from index: Int) {
    count = min(count, max(0, index))
  }
}
