import Testing

@testable import InputKit

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("日", 2), ("한", 2), ("Ａ", 2), ("😀", 2), ("e\u{301}", 1), ("\u{301}", 0),
    ("❤\u{FE0F}", 2), ("👍🏽", 2), ("│", 1), ("…", 1), ("\t", 1),
    // Invisible format controls are shown as one replacement column (TerminalText's rule).
    ("\u{200B}", 1), ("\u{202E}", 1), ("\u{FFFE}", 1), ("\u{9B}", 1),
    ("👩\u{200D}💻", 2),
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
