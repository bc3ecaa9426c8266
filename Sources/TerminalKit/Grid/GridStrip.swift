import Synchronization

/// A run of drawn cells, one row high, taken out of a grid so that a pane can put the same row
/// back in a later frame instead of drawing it again: a frame shows nearly the same rows as the
/// one before, and drawing a row from its text costs hundreds of times more than moving its
/// cells. What a frame costs then hardly grows with the rows a bigger screen shows.
///
/// The cells keep the style and grapheme entries of the grid they came from, with the values
/// those entries stood for; putting the strip back checks each value against the grid it goes
/// into (`CellGrid.draw(_:x:y:)`), so a strip is right in any grid, and moved whole when the
/// entries agree (the usual case: the same grid, frame after frame).
public struct GridStrip: Sendable, Equatable {
  /// The cells, left to right.
  let cells: [StoredCell]
  /// This strip among all strips ever taken, so that a grid can tell a row still holds it.
  let stamp = Self.stamps.wrappingAdd(1, ordering: .relaxed).newValue
  /// Each style entry the cells use, with the style it stood for.
  let styles: [StyleEntry]
  /// Each grapheme-cluster entry the cells use, with its text.
  let clusters: [ClusterEntry]

  /// Columns the strip covers.
  public var width: Int { cells.count }

  private static let stamps = Atomic<UInt64>(0)

  /// A style entry and its value in the grid the strip was taken from.
  struct StyleEntry: Equatable, Sendable {
    let id: StyleID
    let style: Style
  }

  /// A cluster entry and its text in the grid the strip was taken from.
  struct ClusterEntry: Equatable, Sendable {
    let id: ClusterID
    let text: String
  }
}

extension CellGrid {
  /// The `width` cells of row `y` from column `x`, for a pane to keep (nil unless the run lies
  /// inside the grid). Half of a wide grapheme cut by either end is kept as a space.
  public func strip(x: Int, y: Int, width: Int) -> GridStrip? {
    guard width > 0, bounds.contains(x: x, y: y), x <= self.width - width else { return nil }
    let start = y * self.width + x
    var cells = Array(storage[start..<(start + width)])
    if cells[0].glyph == .continuation { cells[0].glyph = .space }
    let after = start + width
    if x + width < self.width, storage[after].glyph == .continuation {
      cells[width - 1].glyph = .space
    }
    return GridStrip(
      cells: cells, styles: styleEntries(of: cells), clusters: clusterEntries(of: cells))
  }

  /// Puts `strip` back at (x, y), as drawing its row again would: in one move when the grid's
  /// entries mean what the strip's did, else cell by cell with the grid's own entries. A strip
  /// that does not fit is clipped to the grid. Returns whether the strip was moved whole; when
  /// it was not, a strip taken again from this grid would be.
  @discardableResult
  public mutating func draw(_ strip: GridStrip, x: Int, y: Int) -> Bool {
    guard y >= 0, y < height, x < width, strip.width > 0 else { return true }
    let start = max(x, 0)
    let end = min(x + strip.width, width)
    guard start < end else { return true }
    // A whole row that still holds this strip, untouched since it was put there: nothing to do.
    let wholeRow = x == 0 && strip.width == width
    if wholeRow, rowStrips[y] == strip.stamp { return true }
    breakWideOverlap(x: start, y: y)
    breakWideOverlap(x: end - 1, y: y)
    let row = y * width
    let cells = strip.cells[(start - x)..<(end - x)]
    let whole =
      strip.styles.allSatisfy { tables.means($0.id, $0.style) }
      && strip.clusters.allSatisfy { tables.means($0.id, $0.text) }
    if whole {
      storage.replaceSubrange((row + start)..<(row + end), with: cells)
    } else {
      drawRemapped(cells, strip: strip, at: row + start)
    }
    repairEdges(of: strip, x: x, y: y, from: start, to: end)
    if wholeRow && whole { rowStrips[y] = strip.stamp }
    return whole
  }

  /// `draw`'s slow path: each cell's style and cluster entry looked up in this grid's tables.
  private mutating func drawRemapped(
    _ cells: ArraySlice<StoredCell>, strip: GridStrip, at index: Int
  ) {
    var styles: [StyleID: StyleID] = [:]
    for entry in strip.styles { styles[entry.id] = tables.id(of: entry.style) }
    var clusters: [ClusterID: Glyph] = [:]
    for entry in strip.clusters { clusters[entry.id] = tables.glyph(for: entry.text) }
    var target = index
    var last = (from: StyleID(index: 0), to: styles[StyleID(index: 0)] ?? StyleID(index: 0))
    for cell in cells {
      var glyph = cell.glyph
      if case .cluster(let id) = glyph { glyph = clusters[id] ?? .space }
      // Neighbouring cells nearly always share a style: look the entry up once per run.
      if cell.style != last.from { last = (cell.style, styles[cell.style] ?? StyleID(index: 0)) }
      storage[target] = StoredCell(glyph: glyph, style: last.to)
      target += 1
    }
  }

  /// A strip clipped by the grid's left edge may start with a continuation, one clipped by its
  /// right edge may end with a wide grapheme's left half: either becomes a space.
  private mutating func repairEdges(
    of strip: GridStrip, x: Int, y: Int, from start: Int, to end: Int
  ) {
    let row = y * width
    if storage[row + start].glyph == .continuation { storage[row + start].glyph = .space }
    let cut = end - x
    if cut < strip.width, strip.cells[cut].glyph == .continuation {
      storage[row + end - 1].glyph = .space
    }
  }

  /// The distinct style entries of `cells`, with their values.
  private func styleEntries(of cells: [StoredCell]) -> [GridStrip.StyleEntry] {
    var seen: [StyleID] = []
    var last: StyleID?
    for cell in cells where cell.style != last {
      last = cell.style
      if !seen.contains(cell.style) { seen.append(cell.style) }
    }
    return seen.map { GridStrip.StyleEntry(id: $0, style: tables.style($0)) }
  }

  /// The distinct cluster entries of `cells`, with their texts.
  private func clusterEntries(of cells: [StoredCell]) -> [GridStrip.ClusterEntry] {
    var seen: [ClusterID] = []
    for cell in cells {
      if case .cluster(let id) = cell.glyph, !seen.contains(id) { seen.append(id) }
    }
    return seen.map { GridStrip.ClusterEntry(id: $0, text: tables.symbol(of: .cluster($0))) }
  }
}
