import Seeded
import Testing

@testable import InputKit

/// The one sanitiser: every kind of character that can drive a terminal or hide text comes out
/// as a visible escape, ordinary text of every script comes out unchanged.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("\u{1B}]52;c;aGk=\u{7}", "\\x1b]52;c;aGk=\\x07"),
    ("\u{1B}[2K\r valid \u{1B}[8m", "\\x1b[2K\\x0d valid \\x1b[8m"),
    ("a\u{8}b\u{7F}", "a\\x08b\\x7f"),
    ("\u{9B}31m", "\\u009b31m"),
    ("abc\u{202E}fed", "abc\\u202efed"),
    ("\u{2066}x\u{2069}\u{200E}\u{200F}", "\\u2066x\\u2069\\u200e\\u200f"),
    ("zero\u{200B}width\u{FEFF}", "zero\\u200bwidth\\ufeff"),
    ("\u{FFFE}\u{FFFF}", "\\ufffe\\uffff"),
    ("line\u{2028}sep", "line\\u2028sep"),
    ("tag\u{E0041}", "tag\\U000e0041"),
    ("\u{0}", "\\x00"),
  ])
  func unsafeCharactersAreShownAsEscapes(input: String, shown: String) {
    #expect(TerminalText.safe(input) == shown)
  }

  @Test(arguments: [
    "plain ASCII", "café", "日本語", "한국어", "العربية", "עברית", "e\u{301}", "👩\u{200D}💻",
    "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "❤\u{FE0F}", "👍🏽",
  ])
  func ordinaryTextOfEveryScriptIsUnchanged(text: String) {
    #expect(TerminalText.safe(text) == text)
  }

  @Test func lineBreaksAreKeptOnlyWhenAsked() {
    #expect(TerminalText.safe("a\nb\tc") == "a\\x0ab\\x09c")
    #expect(TerminalText.safe("a\nb\tc\r", keepingLineBreaks: true) == "a\nb\tc\\x0d")
    #expect(TerminalText.safe("x\r\ny", keepingLineBreaks: true) == "x\\x0d\ny")
  }

  @Test func aLimitCapsTheExcerptAndGivesTheSize() {
    let long = String(repeating: "\u{1B}", count: 100)
    let shown = TerminalText.safe(long, limit: 3)
    #expect(shown == "\\x1b\\x1b\\x1b… (100 bytes)")
    #expect(TerminalText.safe("short", limit: 5) == "short")
    #expect(Excerpt.quoted("a\u{1B}b") == "\"a\\x1bb\"")
  }

  @Test func everyScalarOfTheC0C1AndFormatRangesIsCaught() {
    for value in UInt32(0)...0x9F where !(0x20..<0x7F).contains(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(TerminalText.isUnsafe(scalar), "U+\(String(value, radix: 16))")
    }
    for value in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
      #expect(TerminalText.isUnsafe(Unicode.Scalar(UInt32(value)) ?? " "))
    }
  }

  /// `isClean`'s ASCII shortcut judges every scalar as `isUnsafe` does, alone and inside
  /// printable text (every BMP scalar, and the planes' format controls and noncharacters).
  @Test func isCleanAgreesWithIsUnsafeForEveryScalar() {
    let astral: [UInt32] = [0x1F600, 0x1FFFE, 0x1FFFF, 0xE0001, 0xE0041, 0x10FFFF, 0x110BD]
    var mismatches: [String] = []
    for value in Array(UInt32(0)...0xFFFF) + astral {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [String(Character(scalar)), "abc─" + String(Character(scalar)) + "def"]
      where TerminalText.isClean(text) == TerminalText.isUnsafe(scalar) {
        mismatches.append("U+" + String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    #expect(TerminalText.isClean("a\tb\n", keepingLineBreaks: true))
    #expect(!TerminalText.isClean("a\tb"))
  }

  /// The scalars at the edges of the shortcut and of the unsafe ranges: ASCII's ends, C0, DEL,
  /// C1, the soft hyphen, the format controls and noncharacters, and safe neighbours of each.
  static let hostileScalars: [UInt32] =
    Array(0...0x20) + [0x7E, 0x7F] + Array(0x80...0xA0) + [0xAC, 0xAD, 0xAE, 0xB7, 0xFF]
    + [0x0300, 0x0301, 0x05FF, 0x0600, 0x0605, 0x0606, 0x061C, 0x06DD, 0x070F, 0x0890, 0x08E2]
    + [0x180E, 0x2000, 0x200A, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2010, 0x2014, 0x2026]
    + [0x2027, 0x2028, 0x2029, 0x202A, 0x202E, 0x202F, 0x205F, 0x2060, 0x2064, 0x2065, 0x2066]
    + [0x2069, 0x206F, 0x2070, 0x20AC, 0x20E3, 0x2190, 0x2500, 0x2502, 0x2580, 0x25B6, 0x25FC]
    + [0x3000, 0x4E00, 0xD7FF, 0xE000, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFE0F, 0xFEFE, 0xFEFF]
    + [0xFF00, 0xFFF8, 0xFFF9, 0xFFFB, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x110BD]
    + [0x1D173, 0x1F3F4, 0x1F600, 0x1FFFE, 0xE0001, 0xE0020, 0xE0041, 0xE007F, 0x10FFFF]

  /// The rule `isClean` must give the same answer as, scalar by scalar.
  static func judgedOneByOne(_ text: String, keepingLineBreaks: Bool) -> Bool {
    text.unicodeScalars.allSatisfy {
      !TerminalText.isUnsafe($0, keepingLineBreaks: keepingLineBreaks)
    }
  }

  /// Every hostile scalar first, last and inside ASCII or box drawing, with line breaks kept or
  /// not: the same answer as scalar by scalar.
  @Test(arguments: hostileScalars)
  func isCleanAgreesWithJudgingEachScalarWhereverItSits(value: UInt32) throws {
    let scalar = String(Character(try #require(Unicode.Scalar(value))))
    var mismatches: [String] = []
    for filler in ["a", "─", ""] {
      for text in [scalar + filler, filler + scalar, filler + scalar + filler + "b"] {
        for keeping in [false, true]
        where TerminalText.isClean(text, keepingLineBreaks: keeping)
          != Self.judgedOneByOne(text, keepingLineBreaks: keeping)
        {
          mismatches.append("\(filler.debugDescription) lines \(keeping)")
        }
      }
    }
    #expect(mismatches.isEmpty, "U+\(String(value, radix: 16)): \(mismatches.prefix(10))")
  }

  /// Texts of what frames hold (letters, box drawing, punctuation, emoji sequences), 0–80
  /// pieces long, half of them with one hostile scalar somewhere (a fixed seed): the same
  /// answer as scalar by scalar, for `String` and `Substring` alike.
  @Test func isCleanAgreesWithJudgingEachScalarOnMixedTexts() {
    let pieces = [
      "x", "plain ", "─────", "│", "é", "·", "—", "…", "▶", "日本", "👩\u{200D}💻", "e\u{301}",
      "\u{A0}", "\u{2010}", "\u{2065}", "\u{2070}", "\u{FFFD}", "🏴",
    ]
    let hostile = Self.hostileScalars.compactMap { Unicode.Scalar($0).map { String($0) } }
    var generator = SeededRandom(seed: 18)
    var mismatches: [String] = []
    var unclean = 0
    for round in 0..<6_000 {
      var parts = (0..<Int(generator.next() % 81)).map { _ in
        pieces[Int(generator.next() % UInt64(pieces.count))]
      }
      if round % 2 == 0 {
        let at = Int(generator.next() % UInt64(parts.count + 1))
        parts.insert(hostile[Int(generator.next() % UInt64(hostile.count))], at: at)
      }
      let text = parts.joined()
      for keeping in [false, true] {
        let expected = Self.judgedOneByOne(text, keepingLineBreaks: keeping)
        unclean += expected ? 0 : 1
        let substring = text.dropFirst()
        if TerminalText.isClean(text, keepingLineBreaks: keeping) != expected
          || TerminalText.isClean(substring, keepingLineBreaks: keeping)
            != Self.judgedOneByOne(String(substring), keepingLineBreaks: keeping)
        {
          mismatches.append(
            text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
      }
    }
    let count = mismatches.count
    #expect(count == 0, "\(mismatches.prefix(5))")
    #expect(unclean > 1_000 && unclean < 11_000, "both answers are tried")
  }

  @Test func controlPicturesShowC0InOneCell() {
    #expect(TerminalText.picture(of: "\u{1B}") == "\u{241B}")
    #expect(TerminalText.picture(of: "\u{7F}") == "\u{2421}")
    #expect(TerminalText.picture(of: "\u{202E}") == "\u{FFFD}")
  }

  @Test func xmlTextReplacesWhatXML10Forbids() {
    #expect(XMLText.escaped("a\u{FFFE}<b>&\"\u{1}\t") == "a\u{FFFD}&lt;b&gt;&amp;&quot;\u{FFFD}\t")
  }

  /// A reader turns an attribute's tabs and line breaks into spaces unless they are references.
  @Test func xmlAttributesKeepTabsAndLineBreaksAsReferences() {
    #expect(XMLText.escaped("a\tb\nc\r<", for: .attribute) == "a&#9;b&#10;c&#13;&lt;")
    #expect(XMLText.escaped("a\tb\nc\r<", for: .content) == "a\tb\nc\r&lt;")
  }
}
