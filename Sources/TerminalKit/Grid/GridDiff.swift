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
  /// Rows whose stored cells equal the previous frame's are passed over whole.
  public static func changes(from previous: CellGrid?, to next: CellGrid) -> [Change] {
    guard let previous, previous.width == next.width, previous.height == next.height else {
      return (0..<next.height).flatMap { y in
        (0..<next.width).compactMap { x in change(next, x: x, y: y) }
      }
    }
    let comparable = previous.tables.agrees(with: next.tables)
    var changes: [Change] = []
    for y in 0..<next.height {
      let before = previous.row(y)
      let after = next.row(y)
      if comparable && before == after { continue }
      for (x, (old, new)) in zip(before, after).enumerated() where new.glyph != .continuation {
        let same =
          comparable ? old == new : previous.tables.cell(old) == next.tables.cell(new)
        if same && !widthChanged(before, after, at: x) { continue }
        changes.append(Change(x: x, y: y, cell: next.tables.cell(new)))
      }
    }
    return changes
  }

  private static func change(_ grid: CellGrid, x: Int, y: Int) -> Change? {
    guard let cell = grid.cell(x: x, y: y), !cell.isContinuation else { return nil }
    return Change(x: x, y: y, cell: cell)
  }

  /// A cell whose neighbour turned from or into a continuation must be rewritten, because the
  /// terminal's idea of what covers that column changed.
  private static func widthChanged(
    _ before: ArraySlice<StoredCell>, _ after: ArraySlice<StoredCell>, at x: Int
  ) -> Bool {
    let next = x + 1
    guard next < after.count else { return false }
    let wasContinuation = before[before.startIndex + next].glyph == .continuation
    return wasContinuation != (after[after.startIndex + next].glyph == .continuation)
  }
}
