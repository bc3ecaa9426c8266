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
}
