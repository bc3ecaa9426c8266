import Testing

@testable import TerminalKit

/// OSC 52 bytes and grid exports, exactly.
@Suite struct ExportTests {
  @Test func osc52SetsTheClipboardWithBase64AndST() throws {
    let bytes = try #require(OSC52.sequence(copying: "héllo"))
    #expect(bytes == Array("\u{1B}]52;c;aMOpbGxv\u{1B}\\".utf8))
  }

  @Test func osc52RefusesTextTerminalsWouldDrop() {
    let limit = OSC52.maximumBase64Bytes / 4 * 3
    #expect(OSC52.sequence(copying: String(repeating: "a", count: limit)) != nil)
    #expect(OSC52.sequence(copying: String(repeating: "a", count: limit + 1)) == nil)
  }

  @Test func plainTextIsTheGridsRows() {
    var grid = CellGrid(width: 6, height: 2)
    grid.put("ab 日", x: 0, y: 0)
    grid.put("x", x: 5, y: 1)
    #expect(GridExport.plainText(grid) == "ab 日\n     x\n")
  }

  @Test func ansiChangesStyleOnlyWhereItChanges() {
    var grid = CellGrid(width: 4, height: 1)
    let warning = Style(foreground: .yellow, background: .indexed(236), attributes: .bold)
    grid.put("ab", x: 0, y: 0, style: warning)
    grid.put("c", x: 2, y: 0, style: Style(foreground: .rgb(1, 2, 3), attributes: .underline))
    #expect(
      GridExport.ansi(grid)
        == "\u{1B}[0;1;33;48;5;236mab\u{1B}[0;4;38;2;1;2;3mc\u{1B}[0m \u{1B}[0m\n")
  }

  @Test(arguments: [
    (Style(foreground: .brightRed), "\u{1B}[0;91m"),
    (Style(background: .ansi(15)), "\u{1B}[0;107m"),
    (Style(attributes: [.reverse, .dim, .italic]), "\u{1B}[0;2;3;7m"),
    (Style(), "\u{1B}[0m"),
  ])
  func sgrCodes(style: Style, expected: String) {
    #expect(GridExport.sgr(style) == expected)
  }
}
