import Synchronization

/// Stamps for values whose drawn rows are kept (`PaneMemo`): a value takes a new stamp
/// whenever it changes, and every stamp comes from one counter, so two copies of a value that
/// changed apart never carry the same one, and comparing stamps says whether rows drawn from
/// one still show the other, without comparing the values.
enum Revision {
  private static let counter = Atomic<UInt64>(0)

  /// A stamp no value had before.
  static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
