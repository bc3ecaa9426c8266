/// Which cells a backend must write to turn the previous frame into the next one. Shared by every
/// backend so diffing behaves identically in tests and on a real terminal.
public enum GridDiff {
  /// One cell to write, with its position.
  public struct Change: Hashable, Sendable {
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int
    /// What to show there.
    public var cell: Cell
  }

  /// Cells of `next` that differ from `previous` (all of them when there is no previous frame or
  /// the size changed). Continuation cells are skipped: writing a wide grapheme covers them.
  public static func changes(from previous: CellGrid?, to next: CellGrid) -> [Change] {
    let comparable = previous.map { $0.width == next.width && $0.height == next.height } ?? false
    var changes: [Change] = []
    for (index, cell) in next.cells.enumerated() where !cell.isContinuation {
      if comparable, let previous, previous.cells[index] == cell,
        !widthChanged(previous, next, at: index)
      {
        continue
      }
      changes.append(Change(x: index % next.width, y: index / next.width, cell: cell))
    }
    return changes
  }

  /// A cell whose neighbour turned from or into a continuation must be rewritten, because the
  /// terminal's idea of what covers that column changed.
  private static func widthChanged(_ previous: CellGrid, _ next: CellGrid, at index: Int) -> Bool {
    let after = index + 1
    guard after < next.cells.count, after % next.width != 0 else { return false }
    return previous.cells[after].isContinuation != next.cells[after].isContinuation
  }
}
