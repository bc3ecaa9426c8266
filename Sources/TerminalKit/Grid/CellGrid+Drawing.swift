import InputKit

extension CellGrid {
  /// Writes `text` at (x, y) in `style`, at most `maxWidth` columns (and never past the right
  /// edge). Text that does not fit ends with the glyph set's ellipsis. Control and format
  /// characters show as pictures (`TerminalText.picture`), never as themselves. Returns the number of columns written.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard y >= 0, y < height, x < width else { return 0 }
    let available = min(maxWidth ?? Int.max, width - x)
    guard available > 0 else { return 0 }
    let id = styleID(style)
    if let columns = DisplayWidth.plainNarrowColumns(text) {
      return putNarrow(text, columns: columns, x: x, y: y, style: id, available: available)
    }
    let clean = TerminalText.isClean(text)
    if DisplayWidth.fits(text, within: available, knownSafe: clean) {
      return write(text, x: x, y: y, style: id, budget: available, clean: clean)
    }
    let used = write(
      text, x: x, y: y, style: id, budget: available - markWidth(available), clean: clean)
    return used + writeMark(x: x + used, y: y, style: id, available: available)
  }

  /// Fills `rect` (clipped to the grid) with `symbol` in `style`, e.g. to paint a background.
  /// A wide symbol is replaced by a space so the fill stays aligned.
  public mutating func fill(_ rect: Rect, with symbol: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    let glyph = DisplayWidth.of(symbol) == 1 && TerminalText.isSafe(symbol) ? String(symbol) : " "
    let id = styleID(style)
    guard area.width > 0, area.height > 0 else { return }
    // One stored cell, repeated: a fill costs a bulk store per row.
    writeGrapheme(glyph, columns: 1, x: area.x, y: area.y, style: id)
    let cell = storage[area.y * width + area.x]
    for y in area.y..<area.maxY {
      writeRun(cell, y: y, from: area.x, to: area.maxX)
    }
  }

  /// Changes the style of every cell in `rect` but keeps the text, e.g. to highlight a selected
  /// row after rendering it.
  public mutating func paint(_ rect: Rect, style: Style) {
    let area = rect.intersection(bounds)
    let id = styleID(style)
    for y in area.y..<area.maxY {
      restyle(y: y, from: area.x, to: area.maxX, style: id)
    }
  }

  /// Draws a border around the edge of `rect` with `glyphs` (default: the grid's own), with an
  /// optional title in the top edge (" title ", truncated to fit). Rects smaller than 2×2 are
  /// left untouched, since no border fits.
  public mutating func drawBox(
    _ rect: Rect, style: Style = .plain, glyphs: BorderGlyphs? = nil, title: String? = nil,
    titleStyle: Style? = nil
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let set = glyphs ?? self.glyphs
    drawEdge(set.horizontal, row: rect.y, from: rect.x + 1, to: rect.maxX - 1, style: style)
    drawEdge(set.horizontal, row: rect.maxY - 1, from: rect.x + 1, to: rect.maxX - 1, style: style)
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      put(set.vertical, x: rect.x, y: y, style: style, maxWidth: 1)
      put(set.vertical, x: rect.maxX - 1, y: y, style: style, maxWidth: 1)
    }
    put(set.topLeft, x: rect.x, y: rect.y, style: style, maxWidth: 1)
    put(set.topRight, x: rect.maxX - 1, y: rect.y, style: style, maxWidth: 1)
    put(set.bottomLeft, x: rect.x, y: rect.maxY - 1, style: style, maxWidth: 1)
    put(set.bottomRight, x: rect.maxX - 1, y: rect.maxY - 1, style: style, maxWidth: 1)
    if let title, !title.isEmpty, rect.width > 4 {
      put(
        " \(title) ", x: rect.x + 1, y: rect.y, style: titleStyle ?? style, maxWidth: rect.width - 2
      )
    }
  }

  /// Puts `glyph` in each column `start..<end` of `row`, one column each, as `put(maxWidth: 1)`
  /// would: a one-scalar narrow glyph (every bundled border) as one bulk store, any other
  /// column by column.
  private mutating func drawEdge(
    _ glyph: String, row y: Int, from start: Int, to end: Int, style: Style
  ) {
    guard y >= 0, y < height, start < end else { return }
    let clipped = (max(start, 0), min(end, width))
    guard DisplayWidth.plainNarrowColumns(glyph) == 1, let scalar = glyph.unicodeScalars.first
    else {
      for x in start..<end { put(glyph, x: x, y: y, style: style, maxWidth: 1) }
      return
    }
    let cell = StoredCell(glyph: .scalar(scalar), style: styleID(style))
    writeRun(cell, y: y, from: clipped.0, to: clipped.1)
  }

  /// `put` for a text of `columns` one-column scalars (`DisplayWidth.plainNarrowColumns`): no
  /// grapheme breaking, no width lookups, one store per column.
  private mutating func putNarrow(
    _ text: String, columns: Int, x: Int, y: Int, style: StyleID, available: Int
  ) -> Int {
    let fits = columns <= available
    let budget = fits ? columns : available - markWidth(available)
    let end = min(x + budget, width)
    writeNarrow(text, columns: columns, x: x, y: y, clippedTo: max(x, 0), end, style: style)
    if fits { return columns }
    return budget + writeMark(x: x + budget, y: y, style: style, available: available)
  }

  /// Columns of the truncation mark when it fits in `available`, else 0 (no mark).
  private func markWidth(_ available: Int) -> Int {
    let width = DisplayWidth.of(glyphs.ellipsis)
    return width <= available ? width : 0
  }

  /// Writes the truncation mark at (x, y) when it fits in `available`; returns its columns.
  private mutating func writeMark(x: Int, y: Int, style: StyleID, available: Int) -> Int {
    let mark = glyphs.ellipsis
    let columns = markWidth(available)
    guard columns > 0 else { return 0 }
    return write(mark, x: x, y: y, style: style, budget: columns, clean: TerminalText.isClean(mark))
  }

  /// Writes graphemes from column `x` until `budget` columns are used or the text ends.
  /// `clean`: `TerminalText.isClean(text)`, so no character needs judging on its own.
  private mutating func write(
    _ text: String, x: Int, y: Int, style: StyleID, budget: Int, clean: Bool
  ) -> Int {
    var column = x
    for character in text {
      let columns = DisplayWidth.of(character, knownSafe: clean)
      guard columns > 0 else { continue }
      guard column + columns <= x + budget else { break }
      let symbol =
        clean || TerminalText.isSafe(character)
        ? DisplayWidth.cellSymbol(character) : controlMark(character)
      if column >= 0 {
        writeGrapheme(symbol, columns: columns, x: column, y: y, style: style)
      } else if column + columns > 0 {
        writeGrapheme(" ", columns: 1, x: 0, y: y, style: style)
      }
      column += columns
    }
    return column - x
  }
}
