import JSONKit
import Testing

/// The one place of JSON's string and escape rules for byte scans.
@Suite struct JSONStringTrackerTests {
  private func places(_ text: String) -> String {
    var tracker = JSONStringTracker()
    return String(
      text.utf8.map { byte in
        switch tracker.take(byte) {
        case .structure: "s"
        case .string: "."
        case .stringEnd: "e"
        }
      })
  }

  @Test func bracketsAndQuotesInsideAStringAreNotStructure() {
    #expect(places(#"{"a]":1}"#) == "ss..esss")
  }

  @Test func anEscapedQuoteDoesNotEndTheString() {
    #expect(places(#""a\"b""#) == "s....e")
    #expect(places(#""\\""#) == "s..e")
  }

  @Test func aTextCutInsideAStringEndsInIt() {
    var tracker = JSONStringTracker()
    for byte in #"{"key": "val"#.utf8 { _ = tracker.take(byte) }
    #expect(tracker.inString)
  }
}
