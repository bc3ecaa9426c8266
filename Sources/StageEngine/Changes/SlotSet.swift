/// A set of participant slots that keeps insertion order and never allocates per lookup: a
/// flag per slot plus the list of flagged slots.
struct SlotSet: Sendable {
  private var flags: [Bool] = []
  /// The slots, in the order first inserted.
  private(set) var slots: [Int] = []

  /// Adds `slot` (no effect when present).
  mutating func insert(_ slot: Int) {
    if slot >= flags.count {
      flags.append(contentsOf: repeatElement(false, count: slot + 1 - flags.count))
    }
    guard !flags[slot] else { return }
    flags[slot] = true
    slots.append(slot)
  }

  /// Whether `slot` is in the set.
  func contains(_ slot: Int) -> Bool { slot < flags.count && flags[slot] }

  /// Empties the set, keeping its storage.
  mutating func removeAll() {
    for slot in slots { flags[slot] = false }
    slots.removeAll(keepingCapacity: true)
  }
}
