import MonitorUI
import Testing

/// The input line's text rules, independent of what it is for.
@Suite struct InputLineTests {
  @Test(arguments: [
    ("plain", "abc", "abc"),
    ("line breaks and tabs become spaces", "a\nb\r\nc\rd\te", "a b c d e"),
    ("controls are dropped", "a\u{1B}b\u{7F}c\u{85}d\u{0}", "abcd"),
    ("wide and combining characters stay", "日e\u{301}", "日é"),
  ])
  func insertKeepsOneLine(name: String, typed: String, expected: String) {
    var line = InputLine(.command)
    line.insert(typed)
    #expect(line.text == expected, "\(name)")
  }

  @Test func textStopsAtTheLimitWithANotice() {
    var line = InputLine(.filter, text: String(repeating: "é", count: InputLine.maximumBytes / 2))
    #expect(line.notice == nil)
    let tookX = line.insert("x")
    #expect(!tookX)
    #expect(line.text.utf8.count == InputLine.maximumBytes)
    #expect(line.notice == "input is limited to 64 KB: the rest was left out")
    line.deleteLast()
    #expect(line.notice == nil)
    let tookWide = line.insert("日")
    #expect(!tookWide, "three bytes do not fit in two")
    let tookNarrow = line.insert("x")
    #expect(tookNarrow)
  }

  @Test(arguments: [
    ("short", "hello", "hello"),
    ("forty exactly", String(repeating: "a", count: 40), String(repeating: "a", count: 40)),
    ("long", String(repeating: "b", count: 5_000), String(repeating: "b", count: 39) + "…"),
  ])
  func previewQuotesAShortPrefix(name: String, text: String, expected: String) {
    #expect(InputLine.preview(text) == expected, "\(name)")
  }
}
