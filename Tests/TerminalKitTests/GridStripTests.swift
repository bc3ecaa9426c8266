import Testing

@testable import TerminalKit

/// A strip taken out of a grid and put back must give the cells drawing the row again gives:
/// in the grid it came from (moved whole), in a grid whose tables were built in another order
/// (each entry looked up again), and clipped by either edge without leaving half a wide
/// grapheme.
@Suite struct GridStripTests {
  static let red = Style(foreground: .red)
  static let bold = Style(attributes: .bold)

  /// A row of ASCII, a wide grapheme, a combining cluster, an emoji sequence and two styles.
  static func drawRow(_ grid: inout CellGrid, y: Int) {
    grid.put("ab 日本 e\u{301}", x: 0, y: y, style: red)
    grid.put("👩\u{200D}💻 zz", x: 10, y: y, style: bold)
  }

  @Test func stripPutBackInItsGridEqualsTheRowDrawnAgain() throws {
    var drawn = CellGrid(width: 20, height: 3)
    Self.drawRow(&drawn, y: 1)
    let strip = try #require(drawn.strip(x: 0, y: 1, width: 20))
    var grid = drawn
    grid.clear()
    grid.draw(strip, x: 0, y: 1)
    #expect(grid == drawn)
    #expect(grid.text() == drawn.text())
  }

  @Test func stripPutIntoAGridWithOtherEntriesKeepsItsStylesAndGraphemes() throws {
    var drawn = CellGrid(width: 20, height: 1)
    Self.drawRow(&drawn, y: 0)
    let strip = try #require(drawn.strip(x: 0, y: 0, width: 20))
    // Another grid that met other styles and clusters first numbers them differently.
    var other = CellGrid(width: 20, height: 2)
    other.put("x", x: 0, y: 1, style: Style(background: .blue))
    other.put("a\u{308}", x: 1, y: 1, style: Self.bold)
    other.draw(strip, x: 0, y: 0)
    for x in 0..<20 { #expect(other.cell(x: x, y: 0) == drawn.cell(x: x, y: 0)) }
  }

  @Test func stripClippedByTheRightEdgeLeavesNoHalfWideGrapheme() throws {
    var drawn = CellGrid(width: 8, height: 1)
    drawn.put("abcd日x", x: 0, y: 0)
    let strip = try #require(drawn.strip(x: 0, y: 0, width: 8))
    var grid = CellGrid(width: 6, height: 1)
    grid.draw(strip, x: 1, y: 0)
    // Column 5 would hold 日's left half, its right half is past the edge: a space instead.
    #expect(grid.text() == [" abcd "])
    #expect(grid.cells.allSatisfy { !$0.isContinuation })
  }

  @Test func stripClippedByTheLeftEdgeStartsWithASpace() throws {
    var drawn = CellGrid(width: 6, height: 1)
    drawn.put("a日bcd", x: 0, y: 0)
    let strip = try #require(drawn.strip(x: 0, y: 0, width: 6))
    var grid = CellGrid(width: 6, height: 1)
    grid.draw(strip, x: -2, y: 0)
    #expect(grid.text() == [" bcd  "])
  }

  @Test func stripThatCutsAWideGraphemeKeepsSpacesForItsHalves() throws {
    var drawn = CellGrid(width: 8, height: 1)
    drawn.put("a日b日c", x: 0, y: 0)
    // Columns 2…4: 日's right half, b, the next 日's left half.
    let strip = try #require(drawn.strip(x: 2, y: 0, width: 3))
    var grid = CellGrid(width: 3, height: 1)
    grid.draw(strip, x: 0, y: 0)
    #expect(grid.text() == [" b "])
  }

  @Test func stripOverWideGraphemesOfTheGridBreaksThem() throws {
    var source = CellGrid(width: 2, height: 1)
    source.put("xy", x: 0, y: 0)
    let strip = try #require(source.strip(x: 0, y: 0, width: 2))
    var grid = CellGrid(width: 6, height: 1)
    grid.put("日日日", x: 0, y: 0)
    grid.draw(strip, x: 1, y: 0)
    #expect(grid.text() == [" xy 日"])
  }

  @Test(arguments: [(-1, 0, 3), (0, 3, 3), (0, 0, 0), (0, 0, 9), (5, 0, 4)])
  func stripOutsideTheGridIsNil(x: Int, y: Int, width: Int) {
    let grid = CellGrid(width: 8, height: 3)
    #expect(grid.strip(x: x, y: y, width: width) == nil)
  }

  @Test func stripBelowOrRightOfTheGridDrawsNothing() throws {
    var source = CellGrid(width: 4, height: 1)
    source.put("abcd", x: 0, y: 0)
    let strip = try #require(source.strip(x: 0, y: 0, width: 4))
    var grid = CellGrid(width: 4, height: 2)
    let before = grid
    grid.draw(strip, x: 0, y: 2)
    grid.draw(strip, x: 4, y: 0)
    grid.draw(strip, x: -4, y: 0)
    #expect(grid == before)
  }

  @Test func clearingAfterWritesGivesABlankScreenEachTime() {
    var grid = CellGrid(width: 10, height: 3)
    for round in 0..<3 {
      grid.put("round \(round)", x: 0, y: round, style: Self.red)
      let kept = grid
      grid.clear(style: Self.bold)
      #expect(grid.cells.allSatisfy { $0 == Cell(" ", style: Self.bold) })
      #expect(kept.text()[round].hasPrefix("round \(round)"))
    }
    grid.resize(width: 4, height: 2)
    grid.clear(style: Self.red)
    #expect(grid.cells.count == 8)
    #expect(grid.cells.allSatisfy { $0 == Cell(" ", style: Self.red) })
  }

  @Test func clearingExceptRectsLeavesTheirCellsAndBlanksTheRest() {
    var grid = CellGrid(width: 8, height: 4)
    for y in 0..<4 { grid.put("abcdefgh", x: 0, y: y, style: Self.red) }
    let kept = [Rect(x: 0, y: 1, width: 8, height: 1), Rect(x: 5, y: 2, width: 9, height: 5)]
    grid.clear(style: Self.bold, except: kept + [Rect(x: 20, y: 0, width: 3, height: 3)])
    #expect(grid.text() == ["        ", "abcdefgh", "     fgh", "     fgh"])
    #expect(grid.style(x: 0, y: 0) == Self.bold)
    #expect(grid.style(x: 0, y: 1) == Self.red)
    #expect(grid.style(x: 4, y: 3) == Self.bold)
  }

  @Test func stripFromAnotherGridIsRemappedAndOneTakenAgainIsMovedWhole() throws {
    var drawn = CellGrid(width: 20, height: 1)
    Self.drawRow(&drawn, y: 0)
    let strip = try #require(drawn.strip(x: 0, y: 0, width: 20))
    var other = CellGrid(width: 20, height: 1)
    other.put("x", x: 0, y: 0, style: Style(background: .blue))
    let remapped = other.draw(strip, x: 0, y: 0)
    #expect(!remapped)
    let again = try #require(other.strip(x: 0, y: 0, width: 20))
    let movedAgain = other.draw(again, x: 0, y: 0)
    #expect(movedAgain)
    for x in 0..<20 { #expect(other.cell(x: x, y: 0) == drawn.cell(x: x, y: 0)) }
    let home = drawn.draw(strip, x: 0, y: 0)
    #expect(home)
    var plain = CellGrid(width: 3, height: 1)
    plain.put("abc", x: 0, y: 0, style: Self.red)
    let ascii = try #require(plain.strip(x: 0, y: 0, width: 3))
    let moved = plain.draw(ascii, x: 0, y: 0)
    #expect(moved)
  }

  /// Every way of writing into a row that holds a whole-row strip, each leaving the row changed.
  static let writes: [(String, @Sendable (inout CellGrid) -> Void)] = [
    ("put", { $0.put("zz", x: 3, y: 1) }),
    ("fill", { $0.fill(Rect(x: 2, y: 1, width: 2, height: 1), with: "#") }),
    ("paint", { $0.paint(Rect(x: 0, y: 1, width: 4, height: 1), style: Style(background: .blue)) }),
    ("set", { $0.set(Cell("q"), x: 5, y: 1) }),
    ("drawBox", { $0.drawBox(Rect(x: 0, y: 0, width: 6, height: 3)) }),
    ("clear", { $0.clear() }),
    (
      "clear except part of the row", { $0.clear(except: [Rect(x: 0, y: 1, width: 10, height: 1)]) }
    ),
  ]

  @Test(arguments: 0..<writes.count)
  func aRowWrittenAfterItsStripWasPutBackTakesTheStripAgain(write: Int) throws {
    var grid = CellGrid(width: 20, height: 3)
    Self.drawRow(&grid, y: 1)
    let strip = try #require(grid.strip(x: 0, y: 1, width: 20))
    let drawn = grid
    grid.draw(strip, x: 0, y: 1)
    Self.writes[write].1(&grid)
    #expect(grid.text()[1] != drawn.text()[1] || grid.style(x: 0, y: 1) != drawn.style(x: 0, y: 1))
    grid.draw(strip, x: 0, y: 1)
    for x in 0..<20 {
      #expect(grid.cell(x: x, y: 1) == drawn.cell(x: x, y: 1), "after \(Self.writes[write].0)")
    }
  }

  @Test func aRowKeptByClearingExceptItStillHoldsItsStrip() throws {
    var grid = CellGrid(width: 20, height: 3)
    Self.drawRow(&grid, y: 1)
    let strip = try #require(grid.strip(x: 0, y: 1, width: 20))
    grid.draw(strip, x: 0, y: 1)
    grid.clear(except: [Rect(x: 0, y: 1, width: 20, height: 1)])
    let moved = grid.draw(strip, x: 0, y: 1)
    #expect(moved)
    #expect(grid.rowStrips[1] == strip.stamp)
    #expect(grid.text()[0].allSatisfy { $0 == " " })
  }
}
