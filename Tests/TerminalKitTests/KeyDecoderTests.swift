import Testing

@testable import TerminalKit

@Suite struct KeyDecoderTests {
  static let sequences: [(String, [UInt8], Key)] = [
    ("up CSI", [0x1B, 0x5B, 0x41], .up),
    ("down CSI", [0x1B, 0x5B, 0x42], .down),
    ("right CSI", [0x1B, 0x5B, 0x43], .right),
    ("left CSI", [0x1B, 0x5B, 0x44], .left),
    ("up SS3", [0x1B, 0x4F, 0x41], .up),
    ("ctrl-up CSI 1;5A", Array("\u{1B}[1;5A".utf8), .up),
    ("home CSI H", Array("\u{1B}[H".utf8), .home),
    ("end CSI F", Array("\u{1B}[F".utf8), .end),
    ("home 1~", Array("\u{1B}[1~".utf8), .home),
    ("end 4~", Array("\u{1B}[4~".utf8), .end),
    ("delete 3~", Array("\u{1B}[3~".utf8), .delete),
    ("page up 5~", Array("\u{1B}[5~".utf8), .pageUp),
    ("page down 6~", Array("\u{1B}[6~".utf8), .pageDown),
    ("back tab", Array("\u{1B}[Z".utf8), .backTab),
    ("F1 SS3", Array("\u{1B}OP".utf8), .function(1)),
    ("F4 SS3", Array("\u{1B}OS".utf8), .function(4)),
    ("F5", Array("\u{1B}[15~".utf8), .function(5)),
    ("F10", Array("\u{1B}[21~".utf8), .function(10)),
    ("F12", Array("\u{1B}[24~".utf8), .function(12)),
    ("enter CR", [0x0D], .enter),
    ("enter LF", [0x0A], .enter),
    ("tab", [0x09], .tab),
    ("backspace DEL", [0x7F], .backspace),
    ("backspace BS", [0x08], .backspace),
    ("lone escape", [0x1B], .escape),
    ("ctrl-c", [0x03], .control("c")),
    ("ctrl-a", [0x01], .control("a")),
    ("space", [0x20], .character(" ")),
    ("letter", [0x71], .character("q")),
    ("two-byte UTF-8", Array("é".utf8), .character("é")),
    ("three-byte UTF-8", Array("日".utf8), .character("日")),
    ("four-byte UTF-8", Array("😀".utf8), .character("😀")),
  ]

  @Test(arguments: sequences)
  func decodesOneKey(name: String, bytes: [UInt8], expected: Key) {
    #expect(KeyDecoder.decode(bytes: bytes) == [expected], "\(name)")
  }

  @Test func decodesAMixedBuffer() {
    let bytes = Array("a\u{1B}[Bq\u{1B}".utf8)
    #expect(KeyDecoder.decode(bytes: bytes) == [.character("a"), .down, .character("q"), .escape])
  }

  @Test func altLetterIsEscapeThenLetter() {
    #expect(KeyDecoder.decode(bytes: [0x1B, 0x78]) == [.escape, .character("x")])
  }

  @Test func unknownAndBrokenInputIsDropped() {
    #expect(KeyDecoder.decode(bytes: Array("\u{1B}[99~".utf8)) == [])
    #expect(KeyDecoder.decode(bytes: Array("\u{1B}[12".utf8)) == [])
    #expect(KeyDecoder.decode(bytes: [0xFF, 0xC3]) == [])
    #expect(KeyDecoder.decode(bytes: [0xE6, 0x97, 0x41]) == [.character("A")])
  }

  static let labels: [(Key, String)] = [
    (.up, "↑"), (.down, "↓"), (.left, "←"), (.right, "→"), (.backTab, "Shift-Tab"),
    (.control("c"), "Ctrl-C"), (.character(" "), "Space"), (.character("x"), "x"),
    (.function(5), "F5"), (.enter, "Enter"), (.escape, "Esc"), (.pageDown, "PgDn"),
  ]

  @Test(arguments: labels)
  func humanLabel(key: Key, label: String) {
    #expect(key.label == label)
  }
}
