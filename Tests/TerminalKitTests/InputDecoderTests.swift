import Testing

@testable import TerminalKit

/// Pastes and mouse reports through the streaming `KeyDecoder`: whole, split across reads at
/// every byte, garbled or cut short — never a stray key.
@Suite struct InputDecoderTests {
  static func sgr(_ code: Int, _ x: Int, _ y: Int, _ final: Character = "M") -> [UInt8] {
    Array("\u{1B}[<\(code);\(x);\(y)\(final)".utf8)
  }

  static let mouseReports: [(String, [UInt8], MouseEvent?)] = [
    ("left press", sgr(0, 10, 5), MouseEvent(.left, .press, x: 9, y: 4)),
    ("left release", sgr(0, 10, 5, "m"), MouseEvent(.left, .release, x: 9, y: 4)),
    ("middle press", sgr(1, 1, 1), MouseEvent(.middle, .press, x: 0, y: 0)),
    ("right press", sgr(2, 200, 60), MouseEvent(.right, .press, x: 199, y: 59)),
    ("left drag", sgr(32, 3, 4), MouseEvent(.left, .drag, x: 2, y: 3)),
    ("wheel up", sgr(64, 7, 8), MouseEvent(.wheelUp, .press, x: 6, y: 7)),
    ("wheel down", sgr(65, 7, 8), MouseEvent(.wheelDown, .press, x: 6, y: 7)),
    (
      "ctrl shift left", sgr(20, 2, 2),
      MouseEvent(.left, .press, x: 1, y: 1, modifiers: [.shift, .control])
    ),
    ("alt wheel", sgr(72, 2, 2), MouseEvent(.wheelUp, .press, x: 1, y: 1, modifiers: .alt)),
    ("X10 left press", Array("\u{1B}[M !\"".utf8), MouseEvent(.left, .press, x: 0, y: 1)),
    ("X10 release", Array("\u{1B}[M#++".utf8), MouseEvent(.none, .release, x: 10, y: 10)),
    ("horizontal wheel is ignored", sgr(66, 1, 1), nil),
    ("extra button is ignored", sgr(128, 1, 1), nil),
    ("motion without a button is ignored", sgr(35, 1, 1), nil),
    ("column 0 is garbage", sgr(0, 0, 5), nil),
    ("huge coordinate is garbage", sgr(0, 99_999, 5), nil),
    ("two parameters", Array("\u{1B}[<0;5M".utf8), nil),
    ("four parameters", Array("\u{1B}[<0;5;5;5M".utf8), nil),
    ("empty parameter", Array("\u{1B}[<0;;5M".utf8), nil),
    ("letter in a parameter", Array("\u{1B}[<0;5x;5M".utf8), nil),
    ("wrong final", Array("\u{1B}[<0;5;5A".utf8), nil),
  ]

  @Test(arguments: mouseReports)
  func decodesMouseReports(name: String, bytes: [UInt8], expected: MouseEvent?) {
    let events = KeyDecoder.events(bytes: bytes)
    #expect(events == (expected.map { [.mouse($0)] } ?? []), "\(name)")
  }

  /// A press, then typing, fed in two reads split at every possible byte: always the same.
  @Test func sequencesSplitAcrossReadsAreReassembled() {
    let bytes = Self.sgr(0, 12, 34) + Array("\u{1B}[200~pasted\u{1B}[201~q\u{1B}[A".utf8)
    let expected: [InputEvent] = [
      .mouse(MouseEvent(.left, .press, x: 11, y: 33)), .paste(Paste("pasted")),
      .key(.character("q")), .key(.up),
    ]
    for cut in 0...bytes.count {
      var decoder = KeyDecoder()
      let events =
        decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
      #expect(events == expected, "cut at \(cut)")
    }
  }

  /// Garbled input (the fuzzer's `keys` finding among it) decodes to the same events wherever
  /// the reads split it: a garbled sequence is dropped through its end even when the end
  /// arrives in a later read.
  static let garbledInputs: [(String, [UInt8], [Key])] = [
    (
      "fuzz: stray byte in a CSI, end in the next read",
      [0xEA, 0x00, 0x1B, 0x5B, 0xE2, 0x00, 0x7E], [.control("@")]
    ),
    ("stray letter in a mouse report", Array("\u{1B}[<0;1x2;3Mq".utf8), [.character("q")]),
    ("control byte in a CSI", Array("\u{1B}[1\u{0}2;3Ax".utf8), [.character("x")]),
    (
      "overlong parameters",
      Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "9"), count: 150) + Array("Ak".utf8),
      [.character("k")]
    ),
    (
      "garbage cut by a new sequence", Array("\u{1B}[1\u{FF}2\u{1B}[Bz".utf8),
      [.down, .character("z")]
    ),
  ]

  @Test(arguments: garbledInputs)
  func garbledInputDecodesTheSameHoweverItIsSplit(name: String, bytes: [UInt8], keys: [Key]) {
    let whole = KeyDecoder.events(bytes: bytes)
    #expect(whole == keys.map { .key($0) }, "\(name): no stray key")
    for cut in 0...bytes.count {
      var decoder = KeyDecoder()
      let split = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
      #expect(split == whole, "\(name): cut at \(cut)")
    }
    var decoder = KeyDecoder()
    let byByte = bytes.flatMap { decoder.feed([$0]) } + decoder.flush()
    #expect(byByte == whole, "\(name): byte by byte")
  }

  /// Byte by byte, as a slow terminal link delivers it.
  @Test func sequencesFedOneByteAtATimeDecodeWhole() {
    let bytes = Self.sgr(65, 3, 3) + Array("é\u{1B}OB".utf8)
    var decoder = KeyDecoder()
    var events: [InputEvent] = []
    for byte in bytes { events += decoder.feed([byte]) }
    events += decoder.flush()
    #expect(
      events == [
        .mouse(MouseEvent(.wheelDown, .press, x: 2, y: 2)), .key(.character("é")), .key(.down),
      ])
  }

  /// A report cut short by a new sequence, or never finished, is dropped whole.
  @Test func garbledReportsAreDroppedNeverStrayKeys() {
    #expect(KeyDecoder.events(bytes: Array("\u{1B}[<0;12\u{1B}[B".utf8)) == [.key(.down)])
    #expect(KeyDecoder.events(bytes: Array("\u{1B}[<0;12;3".utf8)) == [])
    #expect(
      KeyDecoder.events(bytes: Array("\u{1B}[<0;1\u{0}2;3Mx".utf8)) == [.key(.character("x"))])
    #expect(
      KeyDecoder.events(bytes: Array("\u{1B}[<0;1\u{FF}2;3Mx".utf8)) == [.key(.character("x"))])
    let long = Array("\u{1B}[<".utf8) + Array(repeating: UInt8(ascii: "1"), count: 200) + [0x4D]
    #expect(KeyDecoder.events(bytes: long + Array("k".utf8)) == [.key(.character("k"))])
    #expect(KeyDecoder.events(bytes: Array("\u{1B}[M!".utf8)) == [])
  }

  /// A lone ESC waits for more in a stream and becomes Escape only once flushed.
  @Test func loneEscapeWaitsForFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.hasPending)
  }

  @Test func pasteArrivesAsOneEventWithKeysAround() {
    let bytes = Array("a\u{1B}[200~q:x\u{1B}[A\r\n日本\u{1B}[201~b".utf8)
    #expect(
      KeyDecoder.events(bytes: bytes) == [
        .key(.character("a")), .paste(Paste("q:x\u{1B}[A\r\n日本")), .key(.character("b")),
      ])
  }

  @Test func pasteBeyondTheLimitKeepsTheLimitAndCountsTheRest() {
    let body = [UInt8](repeating: UInt8(ascii: "z"), count: KeyDecoder.pasteLimit + 1_000)
    let events = KeyDecoder.events(
      bytes: Array("\u{1B}[200~".utf8) + body + SequenceParser.pasteEnd)
    guard case .paste(let paste)? = events.first, events.count == 1 else {
      Issue.record("expected one paste, got \(events.count) events")
      return
    }
    #expect(paste.text.utf8.count == KeyDecoder.pasteLimit)
    #expect(paste.droppedBytes == 1_000)
  }

  /// A paste whose end marker never comes ends when input is flushed, not never.
  @Test func unterminatedPasteEndsOnFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~half a to".utf8)) == [])
    #expect(decoder.isPasting)
    #expect(decoder.flush() == [.paste(Paste("half a to"))])
    #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
  }

  @Test func invalidUTF8InAPasteIsReplacedNotFatal() {
    let bytes = Array("\u{1B}[200~".utf8) + [0x61, 0xFF, 0x62] + SequenceParser.pasteEnd
    #expect(KeyDecoder.events(bytes: bytes) == [.paste(Paste("a\u{FFFD}b"))])
  }
}
