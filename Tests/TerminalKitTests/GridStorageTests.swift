import Testing

@testable import TerminalKit

/// The grid stores cells as plain values with style and grapheme tables; what it hands out,
/// compares and diffs must be what the cells mean, however the tables were built.
@Suite struct GridStorageTests {
  /// A few frames' worth of writes: styles, wide and combining graphemes, fills and boxes.
  static func draw(_ grid: inout CellGrid, frame: Int) {
    let styles = [Style(foreground: .red), Style(attributes: .bold), Style(background: .blue)]
    grid.clear(style: styles[frame % 3])
    grid.drawBox(grid.bounds, style: styles[(frame + 1) % 3], title: "frame \(frame)")
    grid.put("日本 e\u{301} 👩\u{200D}💻 x\(frame)", x: frame % 4, y: 1, style: styles[frame % 2])
    grid.fill(Rect(x: 2, y: 2, width: 5, height: 1), with: "#", style: styles[2])
    grid.put("abc" + String(repeating: "·", count: frame), x: 1, y: 3, maxWidth: 6)
  }

  /// The diff of the obvious version: every non-continuation cell that differs or whose right
  /// neighbour changed between wide and narrow.
  static func obviousChanges(from previous: CellGrid, to next: CellGrid) -> [GridDiff.Change] {
    let before = previous.cells
    let after = next.cells
    return after.indices.compactMap { index in
      guard !after[index].isContinuation else { return nil }
      let x = index % next.width
      let neighbour = x + 1 < next.width ? index + 1 : nil
      let widthChanged = neighbour.map { before[$0].isContinuation != after[$0].isContinuation }
      guard before[index] != after[index] || widthChanged == true else { return nil }
      return GridDiff.Change(x: x, y: index / next.width, cell: after[index])
    }
  }

  @Test(arguments: 0..<6)
  func diffOfFrameAfterFrameIsTheObviousDiff(frame: Int) {
    var grid = CellGrid(width: 16, height: 5)
    Self.draw(&grid, frame: frame)
    let previous = grid
    Self.draw(&grid, frame: frame + 1)
    #expect(
      GridDiff.changes(from: previous, to: grid) == Self.obviousChanges(from: previous, to: grid))
  }

  @Test func diffBetweenGridsWithUnrelatedTablesComparesWhatCellsShow() {
    var first = CellGrid(width: 16, height: 5)
    first.put("x", x: 0, y: 0, style: Style(foreground: .green))
    Self.draw(&first, frame: 2)
    var second = CellGrid(width: 16, height: 5)
    Self.draw(&second, frame: 3)
    #expect(!first.tables.agrees(with: second.tables))
    #expect(
      GridDiff.changes(from: first, to: second) == Self.obviousChanges(from: first, to: second))
    var same = CellGrid(width: 16, height: 5)
    same.put("y", x: 0, y: 0, style: Style(foreground: .yellow))
    Self.draw(&same, frame: 2)
    #expect(GridDiff.changes(from: first, to: same).isEmpty)
  }

  @Test func gridsDrawnAlikeAreEqualWhateverTheirTables() {
    var first = CellGrid(width: 16, height: 5)
    first.put("x", x: 0, y: 0, style: Style(foreground: .green))
    Self.draw(&first, frame: 1)
    var second = CellGrid(width: 16, height: 5)
    Self.draw(&second, frame: 1)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    second.put("z", x: 3, y: 4)
    #expect(first != second)
  }

  @Test func oversizedTablesStartAgainOnClearAndCellsKeepTheirMeaning() throws {
    var grid = CellGrid(width: 4, height: 1)
    for index in 0...GridTables.resetThreshold {
      grid.put("e" + String(repeating: "\u{301}", count: 1 + index % 3), x: 0, y: 0)
      grid.paint(
        grid.bounds, style: Style(foreground: .rgb(UInt8(index % 256), UInt8(index / 256), 0)))
    }
    let previous = grid
    #expect(grid.tables.isOversized)
    grid.clear(style: Style(attributes: .bold))
    #expect(!grid.tables.isOversized)
    grid.put("e\u{301}", x: 1, y: 0)
    #expect(grid.text() == [" e\u{301}  "])
    #expect(try #require(grid.style(x: 0, y: 0)) == Style(attributes: .bold))
    #expect(
      GridDiff.changes(from: previous, to: grid) == Self.obviousChanges(from: previous, to: grid))
  }
}
