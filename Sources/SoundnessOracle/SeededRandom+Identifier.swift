import Seeded

/// IVS-shaped names drawn from the oracle's seeded chance.
extension SeededRandom {
  /// `count` letters and digits, as IVS writes participant and stage IDs.
  public mutating func identifier(_ count: Int) -> String {
    let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    return String((0..<count).map { _ in alphabet[int(0...(alphabet.count - 1))] })
  }
}
