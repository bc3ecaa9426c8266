import InputKit
import MonitorUI
import TerminalKit
import Testing

/// `Span.fit` pads or cuts to exact display columns, by the ASCII fast path or the grapheme
/// walk alike.
@Suite struct SpanTests {
  @Test(arguments: [
    ("viewer-android", 16, "viewer-android  "),
    ("viewer-android", 8, "viewer-…"),
    ("日本語", 7, "日本語 "),
    ("日本語", 5, "日本…"),
    ("a\u{301}b", 3, "a\u{301}b "),
    ("tab\there", 8, "tab\there"),
    ("", 2, "  "),
    ("abc", 0, ""),
  ])
  func fitGivesExactColumns(text: String, width: Int, expected: String) {
    let fitted = Span.fit(text, width)
    #expect(fitted == expected)
    #expect(DisplayWidth.of(fitted) == width)
  }

  static let wrapCases: [(text: String, width: Int, max: Int, expected: [String])] = [
    (
      "attributes changed while publishing", 16, 9,
      ["attributes", "  changed while", "  publishing"]
    ),
    ("short", 10, 9, ["short"]),
    ("  indented start", 10, 9, ["  indented", "  start"]),
    ("averyveryverylongword end", 10, 9, ["averyveryv", "  erylongw", "  ord end"]),
    ("one two three four five", 9, 2, ["one two", "  three…"]),
    ("日本語のテキスト", 6, 9, ["日本語", "  のテ", "  キス", "  ト"]),
  ]

  @Test(arguments: wrapCases)
  func wrapBreaksAtWordsAndNeverExceedsTheWidth(
    text: String, width: Int, max: Int, expected: [String]
  ) {
    let lines = Span.wrap([Span(text)], width: width, indent: "  ", maxLines: max)
    let texts = lines.map { $0.map(\.text).joined() }
    #expect(texts == expected)
    #expect(texts.allSatisfy { DisplayWidth.of($0) <= width })
  }

  @Test func wrapKeepsEachPiecesRole() {
    let lines = Span.wrap(
      [Span("STALE", .stale), Span(" sees it on republish", .warning)], width: 12)
    #expect(lines.map { $0.map(\.text).joined() } == ["STALE sees", "it on", "republish"])
    #expect(lines[0].map(\.role) == [.stale, .warning, .warning])
    #expect(lines[1].allSatisfy { $0.role == .warning })
  }
}
