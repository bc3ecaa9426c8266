/// The keys of one object, to refuse duplicates (`JSONParser` and `JSONStream` both): a
/// linear scan while the object is small, as tokens' are, a set once it grows, so huge
/// inputs stay linear.
struct KeySet {
  private var keys: [String] = []
  private var seen: Set<String> = []

  /// Adds `key`; false when the object already has it.
  mutating func insert(_ key: String) -> Bool {
    if keys.count < 16 {
      if keys.contains(key) { return false }
      keys.append(key)
      return true
    }
    if seen.isEmpty { seen = Set(keys) }
    return seen.insert(key).inserted
  }

  /// Forgets every key, keeping the storage for the next object's.
  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    seen.removeAll()
  }
}
