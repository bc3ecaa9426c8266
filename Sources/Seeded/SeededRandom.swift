/// The one seeded source of chance: SplitMix64 from a seed, so one seed always gives the same
/// numbers on every machine and in every build. The standard library's generator is seeded
/// from the system and cannot be replayed; the live poller's sample, the soundness oracle's
/// sessions and every property test draw from this one instead, so a run names the seed that
/// repeats it.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts the sequence of `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// True with probability `percent` / 100.
  public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One of `items`, or nil when there are none.
  public mutating func pick<T>(_ items: [T]) -> T? { items.randomElement(using: &self) }
}
