/// How much of a split one part gets (see `Rect.columns` / `Rect.rows`).
public enum LayoutConstraint: Hashable, Sendable {
  /// Exactly this many cells (less if the space runs out).
  case fixed(Int)
  /// This percentage (0-100) of the whole being split, rounded down.
  case percent(Int)
  /// An equal share of whatever fixed and percent parts leave over.
  case fill

  /// Sizes for each constraint. Fixed and percent parts are served first, in order, each capped
  /// by what remains; fill parts share the rest, earlier ones getting the odd cells. The sizes
  /// always sum to at most `total` and are never negative.
  static func sizes(_ constraints: [LayoutConstraint], total: Int) -> [Int] {
    var remaining = max(0, total)
    var sizes = constraints.map { constraint -> Int in
      let wanted: Int
      switch constraint {
      case .fixed(let cells): wanted = max(0, cells)
      case .percent(let percent): wanted = max(0, min(100, percent)) * max(0, total) / 100
      case .fill: return 0
      }
      let granted = min(wanted, remaining)
      remaining -= granted
      return granted
    }
    let fillIndices = constraints.indices.filter { constraints[$0] == .fill }
    guard !fillIndices.isEmpty else { return sizes }
    let share = remaining / fillIndices.count
    let extra = remaining % fillIndices.count
    for (order, index) in fillIndices.enumerated() {
      sizes[index] = share + (order < extra ? 1 : 0)
    }
    return sizes
  }
}
