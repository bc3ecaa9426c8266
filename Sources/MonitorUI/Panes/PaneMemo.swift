import TerminalKit

/// The rows a pane drew for the last frames, kept with everything they were drawn from (`Key`),
/// so that a frame whose pane would look the same puts the rows back instead of drawing them
/// again. The monitor draws a frame on every idle tick and after every key; a pane's rows
/// rarely change between two of them, and drawing a row from its text (fitting, formatting,
/// styling each span) is what made a taller, wider screen's frame cost more than a smaller
/// one's. Putting rows back costs one move per row (`CellGrid.draw(_:x:y:)`).
///
/// Pure memoization: rows are reused only for a key equal to the one they were drawn for (the
/// key holds the pane's rect), so a frame is the same with the memo as without it
/// (`PaneMemoTests`). A few keys are kept, the most recent first: a terminal resized back and
/// forth, or two grids of different sizes drawing the same state, each find their own.
final class PaneMemo<Key: Equatable & Sendable>: Sendable {
  /// A key and the rect its rows fill.
  private struct Placed: Equatable, Sendable {
    let key: Key
    let rect: Rect
  }

  private let kept = ValueMemo<Placed, [GridStrip]>()

  /// Keys kept at most.
  static var capacity: Int { ValueMemo<Placed, [GridStrip]>.capacity }

  /// Creates an empty memo.
  init() {}

  /// Fills `rect` of `grid` as `draw` would for `key` on a `background` cleared rect: with the
  /// rows kept for an equal key and rect, else by clearing the rect and calling `draw`, keeping
  /// what it drew there. Every cell of `rect` is written either way, so the frame need not
  /// clear it first (`CellGrid.clear(style:except:)`).
  func draw(
    _ key: Key, in rect: Rect, background: Style, into grid: inout CellGrid,
    otherwise draw: (inout CellGrid) -> Void
  ) {
    let placed = Placed(key: key, rect: rect)
    if let rows = kept.value(for: placed) {
      var whole = true
      for (offset, row) in rows.enumerated() {
        whole = grid.draw(row, x: rect.x, y: rect.y + offset) && whole
      }
      // Rows kept from another grid, whose entries differ: kept again as this grid has them.
      if !whole { keep(placed, from: grid) }
      return
    }
    grid.fill(rect, style: background)
    draw(&grid)
    keep(placed, from: grid)
  }

  /// Keeps the rows `grid` shows in `placed`'s rect for its key.
  private func keep(_ placed: Placed, from grid: CellGrid) {
    let rect = placed.rect
    guard rect.intersection(grid.bounds) == rect else { return }
    let rows = (rect.y..<rect.maxY).compactMap { grid.strip(x: rect.x, y: $0, width: rect.width) }
    guard rows.count == rect.height else { return }
    kept.keep(rows, for: placed)
  }
}
