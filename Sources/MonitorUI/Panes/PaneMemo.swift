import Synchronization
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
  private struct Kept: Sendable {
    let key: Key
    let rect: Rect
    let rows: [GridStrip]
  }

  /// Keys kept at most.
  static var capacity: Int { 4 }

  private let kept = Mutex<[Kept]>([])

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
    if let rows = rows(for: key, in: rect) {
      var whole = true
      for (offset, row) in rows.enumerated() {
        whole = grid.draw(row, x: rect.x, y: rect.y + offset) && whole
      }
      // Rows kept from another grid, whose entries differ: kept again as this grid has them.
      if !whole { keep(key, rect, from: grid) }
      return
    }
    grid.fill(rect, style: background)
    draw(&grid)
    keep(key, rect, from: grid)
  }

  /// Keeps the rows of `rect` in `grid` for `key`.
  private func keep(_ key: Key, _ rect: Rect, from grid: CellGrid) {
    let area = rect.intersection(grid.bounds)
    guard area == rect else { return }
    let rows = (rect.y..<rect.maxY).compactMap { grid.strip(x: rect.x, y: $0, width: rect.width) }
    guard rows.count == rect.height else { return }
    keep(Kept(key: key, rect: rect, rows: rows))
  }

  /// The rows kept for `key` and `rect`, moved to the front when found.
  private func rows(for key: Key, in rect: Rect) -> [GridStrip]? {
    kept.withLock { kept in
      guard let index = kept.firstIndex(where: { $0.rect == rect && $0.key == key }) else {
        return nil
      }
      let found = kept.remove(at: index)
      kept.insert(found, at: 0)
      return found.rows
    }
  }

  private func keep(_ entry: Kept) {
    kept.withLock { kept in
      kept.removeAll { $0.rect == entry.rect && $0.key == entry.key }
      kept.insert(entry, at: 0)
      if kept.count > Self.capacity { kept.removeLast(kept.count - Self.capacity) }
    }
  }
}
