import InputKit

/// An in-memory screen: `width × height` cells that a renderer fills each frame. Backends draw a
/// grid (only the cells that changed since the last frame); tests read it back with `text()` and
/// `style(x:y:)`. Writes outside the grid are clipped, never a crash.
///
/// Cells are stored as plain values (`StoredCell`: a scalar and a style entry), so what a frame
/// costs per cell — clearing, writing a character, comparing with the last frame — stays small
/// next to what it costs per pane; `cell(x:y:)` and `cells` give them back as `Cell`s.
public struct CellGrid: Sendable {
  /// Number of columns.
  public private(set) var width: Int
  /// Number of rows.
  public private(set) var height: Int
  /// Glyphs for borders and the truncation mark; pick `.ascii` when the locale is not UTF-8
  /// (backends report which via `TerminalBackend.glyphs`).
  public var glyphs: BorderGlyphs
  /// Every cell, row-major (`y * width + x`).
  var storage: [StoredCell]
  /// The styles and graphemes `storage` refers to.
  var tables = GridTables()

  /// Creates a blank grid; negative sizes become 0.
  public init(width: Int, height: Int, glyphs: BorderGlyphs = .unicode) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.glyphs = glyphs
    let blank = StoredCell(glyph: .space, style: StyleID(index: 0))
    self.storage = Array(repeating: blank, count: self.width * self.height)
  }

  /// All cells, row-major (`y * width + x`), for tests and exports that read the whole grid.
  public var cells: [Cell] { storage.map { tables.cell($0) } }

  /// The whole grid as a rect, the starting point for layout splits.
  public var bounds: Rect { Rect(width: width, height: height) }

  /// The cell at (x, y), or nil outside the grid.
  public func cell(x: Int, y: Int) -> Cell? {
    bounds.contains(x: x, y: y) ? tables.cell(storage[y * width + x]) : nil
  }

  /// The style of the cell at (x, y), or nil outside the grid; lets tests check colour/attrs.
  public func style(x: Int, y: Int) -> Style? {
    bounds.contains(x: x, y: y) ? tables.style(storage[y * width + x].style) : nil
  }

  /// Each row as text (continuation cells skipped, so wide graphemes appear once), for snapshot
  /// tests and for debugging.
  public func text(trimmingTrailingSpaces: Bool = false) -> [String] {
    (0..<height).map { y in
      var row = ""
      for cell in self.row(y) { row += tables.symbol(of: cell.glyph) }
      guard trimmingTrailingSpaces else { return row }
      return String(row.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// Blanks every cell, keeping the size; `style` paints the blanks (a theme's background), so
  /// clearing and painting the canvas cost one pass.
  public mutating func clear(style: Style = .plain) {
    // Past their bound the tables start again: no cell refers to an entry any more.
    if tables.isOversized { tables = GridTables() }
    let blank = StoredCell(glyph: .space, style: tables.id(of: style))
    guard storage.count == width * height else {
      storage = Array(repeating: blank, count: width * height)
      return
    }
    var cells = storage.mutableSpan
    cells.update(repeating: blank)
  }

  /// Resizes to `width × height` and blanks every cell (a resize redraws everything anyway).
  public mutating func resize(width: Int, height: Int) {
    self = CellGrid(width: width, height: height, glyphs: glyphs)
  }

  /// Sets one cell, repairing any wide grapheme it overlaps. Clipped outside the grid.
  public mutating func set(_ cell: Cell, x: Int, y: Int) {
    guard bounds.contains(x: x, y: y), !cell.isContinuation else { return }
    let safe = cell.symbol.allSatisfy { TerminalText.isSafe($0) }
    let symbol = safe ? cell.symbol : controlMark(cell.symbol.first ?? " ")
    writeGrapheme(symbol, columns: 1, x: x, y: y, style: tables.id(of: cell.style))
  }

  /// The stored cells of row `y`.
  func row(_ y: Int) -> ArraySlice<StoredCell> {
    storage[(y * width)..<((y + 1) * width)]
  }

  /// What a cell shows for a character `TerminalText` calls unsafe: its picture (␛), or "?" with
  /// ASCII glyphs.
  func controlMark(_ character: Character) -> String {
    glyphs == .ascii ? "?" : String(TerminalText.picture(of: character))
  }

  /// Stores one grapheme (with a continuation cell when wide), blanking the other half of any
  /// wide grapheme it overwrites. Callers only pass wide graphemes that fit before the edge.
  mutating func writeGrapheme(_ symbol: String, columns: Int, x: Int, y: Int, style: StyleID) {
    let wide = columns == 2
    guard bounds.contains(x: x, y: y), !wide || x + 1 < width else { return }
    breakWideOverlap(x: x, y: y)
    if wide { breakWideOverlap(x: x + 1, y: y) }
    let index = y * width + x
    storage[index] = StoredCell(glyph: tables.glyph(for: symbol), style: style)
    if wide { storage[index + 1] = StoredCell(glyph: .continuation, style: style) }
  }

  /// Stores `cell` in columns `start..<end` of row `y` (inside the grid), one per column: what
  /// `writeGrapheme` does column by column, with the wide graphemes cut at the run's two ends.
  mutating func writeRun(_ cell: StoredCell, y: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    breakWideOverlap(x: start, y: y)
    breakWideOverlap(x: end - 1, y: y)
    let row = y * width
    // Through a `MutableSpan`: a third of what replacing the range with repeated elements costs.
    var cells = storage.mutableSpan
    for index in (row + start)..<(row + end) { cells[index] = cell }
  }

  /// Stores the one-column scalars of `text` (`DisplayWidth.plainNarrowColumns` gave
  /// `columns`) from column `x` of row `y`, only those in columns `start..<end` (inside the
  /// row), repairing wide graphemes at the run's ends. Stores go through a `MutableSpan`, which
  /// checks the array's uniqueness once per run instead of once per cell; ASCII text is read
  /// as bytes, without decoding.
  mutating func writeNarrow(
    _ text: String, columns: Int, x: Int, y: Int, clippedTo start: Int, _ end: Int,
    style: StyleID
  ) {
    guard start < end else { return }
    breakWideOverlap(x: start, y: y)
    breakWideOverlap(x: end - 1, y: y)
    let row = y * width
    var cells = storage.mutableSpan
    var column = x
    if text.utf8.count == columns {
      for byte in text.utf8 where column < end {
        if column >= start {
          cells[row + column] = StoredCell(glyph: .scalar(Unicode.Scalar(byte)), style: style)
        }
        column += 1
      }
      return
    }
    for scalar in text.unicodeScalars where column < end {
      if column >= start { cells[row + column] = StoredCell(glyph: .scalar(scalar), style: style) }
      column += 1
    }
  }

  /// Sets the style of the cells in columns `start..<end` of row `y`, keeping their text.
  mutating func restyle(y: Int, from start: Int, to end: Int, style: StyleID) {
    let row = y * width
    var cells = storage.mutableSpan
    for index in (row + start)..<(row + end) {
      cells[index].style = style
    }
  }

  /// The style entry for `style`, added to the grid's table when new.
  mutating func styleID(_ style: Style) -> StyleID {
    tables.id(of: style)
  }

  /// If (x, y) is half of a wide grapheme, turns the other half into a space.
  mutating func breakWideOverlap(x: Int, y: Int) {
    let index = y * width + x
    if storage[index].glyph == .continuation, x > 0 {
      storage[index - 1].glyph = .space
    }
    if x + 1 < width, storage[index + 1].glyph == .continuation {
      storage[index + 1].glyph = .space
    }
  }
}

extension CellGrid: Hashable {
  /// Grids are equal when they have the same size, glyph set and cells, however their tables
  /// were built.
  public static func == (lhs: CellGrid, rhs: CellGrid) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.glyphs == rhs.glyphs else {
      return false
    }
    if lhs.tables.agrees(with: rhs.tables) { return lhs.storage == rhs.storage }
    return lhs.cells == rhs.cells
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(glyphs)
    for cell in storage { hasher.combine(tables.cell(cell)) }
  }
}
