import InputKit

/// An in-memory screen: `width × height` cells that a renderer fills each frame. Backends draw a
/// grid (only the cells that changed since the last frame); tests read it back with `text()` and
/// `style(x:y:)`. Writes outside the grid are clipped, never a crash.
public struct CellGrid: Hashable, Sendable {
  /// Number of columns.
  public private(set) var width: Int
  /// Number of rows.
  public private(set) var height: Int
  /// Glyphs for borders and the truncation mark; pick `.ascii` when the locale is not UTF-8
  /// (backends report which via `TerminalBackend.glyphs`).
  public var glyphs: BorderGlyphs
  /// All cells, row-major (`y * width + x`); backends diff these.
  public private(set) var cells: [Cell]

  /// Creates a blank grid; negative sizes become 0.
  public init(width: Int, height: Int, glyphs: BorderGlyphs = .unicode) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.glyphs = glyphs
    self.cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The whole grid as a rect, the starting point for layout splits.
  public var bounds: Rect { Rect(width: width, height: height) }

  /// The cell at (x, y), or nil outside the grid.
  public func cell(x: Int, y: Int) -> Cell? {
    bounds.contains(x: x, y: y) ? cells[y * width + x] : nil
  }

  /// The style of the cell at (x, y), or nil outside the grid; lets tests check colour/attrs.
  public func style(x: Int, y: Int) -> Style? {
    cell(x: x, y: y)?.style
  }

  /// Each row as text (continuation cells skipped, so wide graphemes appear once), for snapshot
  /// tests and for debugging.
  public func text(trimmingTrailingSpaces: Bool = false) -> [String] {
    (0..<height).map { y in
      let row = cells[(y * width)..<((y + 1) * width)].map(\.symbol).joined()
      guard trimmingTrailingSpaces else { return row }
      return String(row.reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// Blanks every cell, keeping the size; `style` paints the blanks (a theme's background), so
  /// clearing and painting the canvas cost one pass.
  public mutating func clear(style: Style = .plain) {
    cells = Array(repeating: Cell(" ", style: style), count: width * height)
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
    writeGrapheme(symbol, columns: 1, x: x, y: y, style: cell.style)
  }

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
    let clean = TerminalText.isClean(text)
    if DisplayWidth.fits(text, within: available, knownSafe: clean) {
      return write(text, x: x, y: y, style: style, budget: available, clean: clean)
    }
    let mark = DisplayWidth.of(glyphs.ellipsis) <= available ? glyphs.ellipsis : ""
    let markWidth = DisplayWidth.of(mark)
    let used = write(text, x: x, y: y, style: style, budget: available - markWidth, clean: clean)
    return used
      + write(
        mark, x: x + used, y: y, style: style, budget: markWidth, clean: TerminalText.isClean(mark))
  }

  /// Fills `rect` (clipped to the grid) with `symbol` in `style`, e.g. to paint a background.
  /// A wide symbol is replaced by a space so the fill stays aligned.
  public mutating func fill(_ rect: Rect, with symbol: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    let glyph = DisplayWidth.of(symbol) == 1 && TerminalText.isSafe(symbol) ? String(symbol) : " "
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        writeGrapheme(glyph, columns: 1, x: x, y: y, style: style)
      }
    }
  }

  /// Changes the style of every cell in `rect` but keeps the text, e.g. to highlight a selected
  /// row after rendering it.
  public mutating func paint(_ rect: Rect, style: Style) {
    let area = rect.intersection(bounds)
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        cells[y * width + x].style = style
      }
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
    for x in (rect.x + 1)..<(rect.maxX - 1) {
      put(set.horizontal, x: x, y: rect.y, style: style, maxWidth: 1)
      put(set.horizontal, x: x, y: rect.maxY - 1, style: style, maxWidth: 1)
    }
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

  /// Writes graphemes from column `x` until `budget` columns are used or the text ends.
  /// `clean`: `TerminalText.isClean(text)`, so no character needs judging on its own.
  private mutating func write(
    _ text: String, x: Int, y: Int, style: Style, budget: Int, clean: Bool
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

  /// What a cell shows for a character `TerminalText` calls unsafe: its picture (␛), or "?" with
  /// ASCII glyphs.
  private func controlMark(_ character: Character) -> String {
    glyphs == .ascii ? "?" : String(TerminalText.picture(of: character))
  }

  /// Stores one grapheme (with a continuation cell when wide), blanking the other half of any
  /// wide grapheme it overwrites. Callers only pass wide graphemes that fit before the edge.
  private mutating func writeGrapheme(
    _ symbol: String, columns: Int, x: Int, y: Int, style: Style
  ) {
    let wide = columns == 2
    guard bounds.contains(x: x, y: y), !wide || x + 1 < width else { return }
    breakWideOverlap(x: x, y: y)
    if wide { breakWideOverlap(x: x + 1, y: y) }
    let index = y * width + x
    cells[index] = Cell(symbol, style: style)
    if wide { cells[index + 1] = .continuation(style: style) }
  }

  /// If (x, y) is half of a wide grapheme, turns the other half into a space.
  private mutating func breakWideOverlap(x: Int, y: Int) {
    let index = y * width + x
    if cells[index].isContinuation, x > 0 {
      cells[index - 1].symbol = " "
    }
    if x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1].symbol = " "
    }
  }
}
