import Testing

@testable import InputKit

/// The plain narrow shortcut (`DisplayWidth.isPlainNarrow`) lets the grid store text without
/// grapheme breaking or width lookups; it must agree with the full rules for every scalar.
@Suite struct PlainNarrowTests {
  static let scalars: [Unicode.Scalar] = ([0x20...0x7E] + DisplayWidth.plainNarrowRanges)
    .flatMap { $0 }.compactMap(Unicode.Scalar.init)

  @Test func everyPlainNarrowScalarIsOneSafeColumnByTheFullRules() {
    let wrong = Self.scalars.filter { scalar in
      let character = Character(scalar)
      return DisplayWidth.ruledWidth(character, knownSafe: false) != 1
        || !TerminalText.isSafe(character)
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
  }

  @Test func everyPlainNarrowScalarIsAGraphemeOfItsOwn() {
    let joining = Self.scalars.filter { scalar in
      let text = String(String.UnicodeScalarView([scalar, "a", scalar, scalar, "e"]))
      return text.count != 5
    }
    #expect(joining.isEmpty, "\(joining.prefix(10).map { String($0.value, radix: 16) })")
  }

  @Test(arguments: ["\u{301}", "\u{AD}", "\u{1F}", "\u{2028}", "\u{25FD}", "日", "\u{FE0F}"])
  func scalarsTheRulesMustJudgeAreNotPlainNarrow(text: String) throws {
    let scalar = try #require(text.unicodeScalars.first)
    #expect(!DisplayWidth.isPlainNarrow(scalar))
    #expect(DisplayWidth.plainNarrowColumns("ab" + text) == nil)
  }

  @Test func plainNarrowTextCountsOneColumnPerScalar() {
    #expect(DisplayWidth.plainNarrowColumns("host → viewer · ok…") == 19)
    #expect(DisplayWidth.plainNarrowColumns("") == 0)
  }
}
