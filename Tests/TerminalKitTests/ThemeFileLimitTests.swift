import Foundation
import Testing

@testable import TerminalKit

/// A theme file too large, with a line too long, missing, a directory or empty is refused with
/// a clear reason and the built-in default is used, before any parsing work (issue #8 §3, §4).
@Suite struct ThemeFileLimitTests {
  static func themeFile(_ name: String, _ text: String) -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("theme-limits-\(UUID().uuidString)-\(name)")
    // The rows are built before any test runs, so nothing can throw here; a file that could
    // not be written reads as missing, which fails the row's test on its message.
    try? Data(text.utf8).write(to: url)
    return url.path
  }

  static let rows: [(path: String, says: String)] = [
    (themeFile("big.theme", String(repeating: "# padding\n", count: 7000)), "larger than 64 KB"),
    (
      themeFile("line.theme", "name = x\ntext = red " + String(repeating: "x", count: 2000)),
      "line 2 is 2011 bytes long; theme lines are at most 1024"
    ),
    (themeFile("empty.theme", ""), "the file is empty"),
    ("/nonexistent/x.theme", "no such file"),
    (FileManager.default.temporaryDirectory.path + "/", "is a directory, not a file"),
  ]

  @Test(arguments: rows)
  func anUnusableThemeFileFallsBackWithTheReason(_ row: (path: String, says: String)) throws {
    let result = ThemeLoader(environment: [:], bundled: [:]).load(row.path)
    #expect(result.theme == Theme.builtInDefault)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.message.contains(row.says), "got \(diagnostic.message)")
    #expect(diagnostic.message.hasSuffix("; using the built-in default"))
  }
}
