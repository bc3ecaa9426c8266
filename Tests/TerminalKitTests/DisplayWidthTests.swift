import Testing

@testable import TerminalKit

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("日", 2), ("한", 2), ("Ａ", 2), ("😀", 2), ("e\u{301}", 1), ("\u{301}", 0),
    ("\u{200B}", 0), ("❤\u{FE0F}", 2), ("👍🏽", 2), ("│", 1), ("…", 1), ("\t", 1),
  ])
  func graphemeWidth(character: String, width: Int) throws {
    let grapheme = try #require(character.first)
    #expect(DisplayWidth.of(grapheme) == width)
  }

  @Test func stringWidthSumsGraphemes() {
    #expect(DisplayWidth.of("ab日本") == 6)
    #expect(DisplayWidth.of("") == 0)
  }
}
