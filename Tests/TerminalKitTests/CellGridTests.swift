import Testing

@testable import TerminalKit

@Suite struct CellGridTests {
  @Test func putWritesTextAndStyle() {
    var grid = CellGrid(width: 8, height: 2)
    let bold = Style(foreground: .red, attributes: .bold)
    let written = grid.put("abc", x: 1, y: 1, style: bold)
    #expect(written == 3)
    #expect(grid.text() == ["        ", " abc    "])
    #expect(grid.style(x: 2, y: 1) == bold)
    #expect(grid.style(x: 4, y: 1) == .plain)
  }

  @Test func putTruncatesWithEllipsisAtMaxWidth() {
    var grid = CellGrid(width: 10, height: 1)
    let written = grid.put("abcdefgh", x: 0, y: 0, maxWidth: 5)
    #expect(written == 5)
    #expect(grid.text() == ["abcd…     "])
  }

  @Test func putClipsAtRightEdgeWithEllipsis() {
    var grid = CellGrid(width: 6, height: 1)
    grid.put("abcdefgh", x: 3, y: 0)
    #expect(grid.text() == ["   ab…"])
  }

  @Test func textThatFitsExactlyIsNotTruncated() {
    var grid = CellGrid(width: 4, height: 1)
    grid.put("abcd", x: 0, y: 0)
    #expect(grid.text() == ["abcd"])
  }

  @Test func writesOutsideTheGridAreIgnored() {
    var grid = CellGrid(width: 3, height: 1)
    #expect(grid.put("x", x: 0, y: 5) == 0)
    #expect(grid.put("x", x: 9, y: 0) == 0)
    #expect(grid.put("x", x: 0, y: -1) == 0)
    #expect(grid.text() == ["   "])
  }

  @Test func negativeXClipsTheLeftPart() {
    var grid = CellGrid(width: 4, height: 1)
    grid.put("abcdef", x: -2, y: 0)
    #expect(grid.text() == ["cdef"])
    grid.put("abcdefgh", x: -2, y: 0)
    #expect(grid.text() == ["cde…"])
  }

  @Test func wideCharactersOccupyTwoCells() throws {
    var grid = CellGrid(width: 6, height: 1)
    let written = grid.put("日本x", x: 0, y: 0)
    #expect(written == 5)
    #expect(try #require(grid.cell(x: 0, y: 0)).symbol == "日")
    #expect(try #require(grid.cell(x: 1, y: 0)).isContinuation)
    #expect(grid.text() == ["日本x "])
  }

  @Test func wideCharacterDoesNotStraddleTheTruncationPoint() {
    var grid = CellGrid(width: 10, height: 1)
    grid.put("日本語です", x: 0, y: 0, maxWidth: 4)
    #expect(grid.text(trimmingTrailingSpaces: true) == ["日…"])
  }

  @Test func wideCharacterThatCannotFitIsReplacedByTheEllipsis() {
    var grid = CellGrid(width: 3, height: 1)
    grid.set(Cell("a"), x: 0, y: 0)
    grid.put("日", x: 2, y: 0, maxWidth: 2)
    #expect(grid.text() == ["a …"])
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() throws {
    var grid = CellGrid(width: 4, height: 1)
    grid.put("日本", x: 0, y: 0)
    grid.put("x", x: 1, y: 0)
    #expect(grid.text() == [" x本"])
    grid.put("y", x: 2, y: 0)
    #expect(grid.text() == [" xy "])
    #expect(try #require(grid.cell(x: 3, y: 0)).isContinuation == false)
  }

  @Test func combiningMarksStayWithTheirBase() {
    var grid = CellGrid(width: 4, height: 1)
    grid.put("e\u{301}x", x: 0, y: 0)
    #expect(grid.text() == ["e\u{301}x  "])
  }

  @Test func hugeGraphemesKeepRowsAligned() {
    let chain = Array(repeating: "👩", count: 3_001).joined(separator: "\u{200D}")
    let marks = "e" + String(repeating: "\u{301}", count: 20_000)
    var grid = CellGrid(width: 6, height: 2)
    #expect(grid.put(chain + "|", x: 0, y: 0) == 3)
    #expect(grid.put(marks + "|", x: 0, y: 1) == 2)
    #expect(grid.text(trimmingTrailingSpaces: true) == ["👩|", "e\u{301}\u{301}\u{301}|"])
    #expect(grid.cells.allSatisfy { $0.symbol.unicodeScalars.count <= 4 })
  }

  @Test func controlAndFormatCharactersShowAsPictures() {
    var grid = CellGrid(width: 6, height: 1)
    grid.put("a\nb\u{1B}\u{202E}", x: 0, y: 0)
    #expect(grid.text() == ["a\u{240A}b\u{241B}\u{FFFD} "])
    var ascii = CellGrid(width: 4, height: 1, glyphs: .ascii)
    ascii.put("\u{9B}x\u{7F}", x: 0, y: 0)
    #expect(ascii.text() == ["?x? "])
  }

  @Test func fillClipsToTheGrid() {
    var grid = CellGrid(width: 3, height: 2)
    grid.fill(Rect(x: 1, y: 1, width: 9, height: 9), with: "#")
    #expect(grid.text() == ["   ", " ##"])
  }

  @Test func paintKeepsTextChangesStyle() {
    var grid = CellGrid(width: 3, height: 1)
    grid.put("abc", x: 0, y: 0)
    let selected = Style(attributes: .reverse)
    grid.paint(Rect(x: 0, y: 0, width: 2, height: 1), style: selected)
    #expect(grid.text() == ["abc"])
    #expect(grid.style(x: 1, y: 0) == selected)
    #expect(grid.style(x: 2, y: 0) == .plain)
  }

  @Test func unicodeBoxWithTitle() {
    var grid = CellGrid(width: 10, height: 3)
    grid.drawBox(grid.bounds, title: "Log")
    #expect(grid.text() == ["┌ Log ───┐", "│        │", "└────────┘"])
  }

  @Test func asciiBoxFallback() {
    var grid = CellGrid(width: 5, height: 3, glyphs: .ascii)
    grid.drawBox(grid.bounds)
    #expect(grid.text() == ["+---+", "|   |", "+---+"])
  }

  @Test func asciiGlyphsTruncateWithTilde() {
    var grid = CellGrid(width: 4, height: 1, glyphs: .ascii)
    grid.put("abcdef", x: 0, y: 0)
    #expect(grid.text() == ["abc~"])
  }

  @Test func boxTitleIsTruncatedToFit() {
    var grid = CellGrid(width: 8, height: 2)
    grid.drawBox(grid.bounds, title: "Participants")
    #expect(grid.text()[0] == "┌ Part…┐")
  }

  @Test func boxTooSmallDrawsNothing() {
    var grid = CellGrid(width: 1, height: 5)
    grid.drawBox(grid.bounds)
    #expect(grid.text() == [" ", " ", " ", " ", " "])
  }

  @Test func trimmedTextDropsTrailingSpaces() {
    var grid = CellGrid(width: 5, height: 1)
    grid.put("ab", x: 0, y: 0)
    #expect(grid.text(trimmingTrailingSpaces: true) == ["ab"])
  }

  @Test func resizeBlanksAndKeepsGlyphs() {
    var grid = CellGrid(width: 2, height: 1, glyphs: .ascii)
    grid.put("ab", x: 0, y: 0)
    grid.resize(width: 3, height: 2)
    #expect(grid.text() == ["   ", "   "])
    #expect(grid.glyphs == .ascii)
  }
}
