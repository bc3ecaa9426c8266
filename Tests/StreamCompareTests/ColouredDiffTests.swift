import Testing

@testable import StreamCompare

/// The terminal form of a stream diff: removed lines red, added green, headers cyan, and in
/// a changed line only the fields that changed reversed; the plain form has no escapes.
@Suite struct ColouredDiffTests {
  static func diff(_ expected: [String], _ actual: [String]) throws -> StreamDiff {
    StreamDiff(
      expected: try JSONLStream(text: expected.joined(separator: "\n"), name: "golden"),
      actual: try JSONLStream(text: actual.joined(separator: "\n"), name: "run"))
  }

  static let step = #"{"seq":1,"kind":"step","message":"join host"}"#

  @Test func aChangedFieldIsHighlightedInsideItsLine() throws {
    let diff = try Self.diff(
      [Self.step, #"{"seq":2,"kind":"x","state":"connected","participant":"host"}"#],
      [Self.step, #"{"seq":2,"kind":"x","state":"connecting","participant":"host"}"#])
    let coloured = diff.coloured
    let r = StreamDiff.reverse
    let n = StreamDiff.noReverse
    #expect(
      coloured.contains(
        StreamDiff.red + #"-{"kind":"x",\#(r)"state":"connected"\#(n),"participant":"host"}"#))
    #expect(
      coloured.contains(
        StreamDiff.green + #"+{"kind":"x",\#(r)"state":"connecting"\#(n),"participant":"host"}"#))
    #expect(coloured.contains(StreamDiff.cyan + "@@ -1,2 +1,2 @@ join host"))
    #expect(!diff.unified.contains("\u{1B}"))
  }

  @Test func anAddedLineWithoutAPartnerIsGreenWhole() throws {
    let diff = try Self.diff([Self.step], [Self.step, #"{"seq":2,"kind":"new"}"#])
    #expect(diff.coloured.contains(StreamDiff.green + #"+{"kind":"new"}"# + StreamDiff.reset))
  }

  @Test func membersSplitAtTopLevelCommasOnly() {
    let split = JSONMembers.split(#"{"a":[1,2],"b":{"c":",}"},"d":"x\"y,"}"#)
    #expect(split?.members == [#""a":[1,2]"#, #""b":{"c":",}"}"#, #""d":"x\"y,""#])
    #expect(JSONMembers.split("not json") == nil)
  }
}
