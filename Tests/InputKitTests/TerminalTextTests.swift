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

  /// `isClean`'s byte fast paths judge every scalar as `isUnsafe` does, alone and inside
  /// printable text (every BMP scalar, and the planes' format controls and noncharacters).
  @Test func isCleanAgreesWithIsUnsafeForEveryScalar() {
    let astral: [UInt32] = [0x1F600, 0x1FFFE, 0x1FFFF, 0xE0001, 0xE0041, 0x10FFFF, 0x110BD]
    var mismatches: [String] = []
    for value in Array(UInt32(0)...0xFFFF) + astral {
      guard let scalar = Unicode.Scalar(value) else { continue }
      // ASCII around it, so the scalar sits at every offset of the 8-byte words judged at once.
      let before = String(repeating: "a", count: 8 + Int(value % 9))
      let text = before + "─" + String(Character(scalar)) + "bbbbbbbbb"
      if TerminalText.isClean(text) == TerminalText.isUnsafe(scalar) {
        mismatches.append("U+" + String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    #expect(TerminalText.isClean("a\tb\n", keepingLineBreaks: true))
    #expect(!TerminalText.isClean("a\tb"))
  }

  @Test func controlPicturesShowC0InOneCell() {
    #expect(TerminalText.picture(of: "\u{1B}") == "\u{241B}")
    #expect(TerminalText.picture(of: "\u{7F}") == "\u{2421}")
    #expect(TerminalText.picture(of: "\u{202E}") == "\u{FFFD}")
  }

  @Test func xmlTextReplacesWhatXML10Forbids() {
    #expect(XMLText.escaped("a\u{FFFE}<b>&\"\u{1}\t") == "a\u{FFFD}&lt;b&gt;&amp;&quot;\u{FFFD}\t")
  }
}
