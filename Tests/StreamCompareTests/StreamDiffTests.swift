import Foundation
import Testing

@testable import StreamCompare

/// Comparing event streams: `seq` ignored, every differing region shown with
/// context and the step it belongs to, non-JSONL input named by line.
@Suite struct StreamDiffTests {
  /// A stream of `steps` steps with `events` events each, numbered by `seq`;
  /// `extra` inserts one event after the given line index.
  static func stream(
    steps: Int = 6, events: Int = 5, change: (Int, String) -> String? = { _, l in l }
  )
    -> String
  {
    var lines: [String] = []
    for step in 0..<steps {
      lines.append(#""kind":"step","message":"steps[\#(step)] join p\#(step)""#)
      for event in 0..<events {
        lines.append(#""kind":"JOINED","participant":"p\#(step)-\#(event)""#)
      }
    }
    var out: [String] = []
    for (index, line) in lines.enumerated() {
      guard let changed = change(index, line) else { continue }
      for part in changed.split(separator: "\n") {
        out.append(#"{"seq":\#(out.count + 1),\#(part)}"#)
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func diff(_ expected: String, _ actual: String) throws -> StreamDiff {
    StreamDiff(
      expected: try JSONLStream(text: expected, name: "golden.jsonl"),
      actual: try JSONLStream(text: actual, name: "this run"))
  }

  @Test func renumberedButEqualStreamsAreEqual() throws {
    let expected = Self.stream()
    let shifted = expected.replacingOccurrences(of: #"{"seq":"#, with: #"{"seq":1"#)
    #expect(shifted != expected)
    #expect(try Self.diff(expected, shifted).isEqual)
  }

  @Test func oneInsertedEventIsOneAddedLineNotARenumbering() throws {
    let actual = Self.stream { index, line in
      index == 14 ? line + "\n" + #""kind":"LEFT","participant":"intruder""# : line
    }
    let diff = try Self.diff(Self.stream(), actual)
    #expect(diff.hunks.count == 1)
    let hunk = try #require(diff.hunks.first)
    #expect(
      hunk.lines.filter { $0.hasPrefix("+") } == [#"+{"kind":"LEFT","participant":"intruder"}"#])
    #expect(hunk.lines.filter { $0.hasPrefix("-") }.isEmpty)
    #expect(hunk.lines.count == 7)
    #expect(hunk.step == "steps[2] join p2")
    #expect(
      (hunk.expectedStart, hunk.expectedCount, hunk.actualStart, hunk.actualCount) == (13, 6, 13, 7)
    )
  }

  @Test func everyRegionIsShownWithItsStep() throws {
    let actual = Self.stream { index, line in
      switch index {
      case 2: return nil
      case 20: return #""kind":"JOINED","participant":"changed""#
      case 33: return line + "\n" + #""kind":"LEFT","participant":"late""#
      default: return line
      }
    }
    let diff = try Self.diff(Self.stream(), actual)
    #expect(diff.hunks.map(\.step) == ["steps[0] join p0", "steps[3] join p3", "steps[5] join p5"])
    let text = diff.unified
    #expect(text.hasPrefix("--- golden.jsonl\n+++ this run\n@@ -1,6 +1,5 @@ steps[0] join p0\n"))
    #expect(text.contains("\n-{\"kind\":\"JOINED\",\"participant\":\"p0-1\"}\n"))
    #expect(
      text.contains(
        "\n-{\"kind\":\"JOINED\",\"participant\":\"p3-1\"}\n+{\"kind\":\"JOINED\",\"participant\":\"changed\"}\n"
      ))
    #expect(text.contains("\n+{\"kind\":\"LEFT\",\"participant\":\"late\"}\n"))
    #expect(!text.contains("seq"))
  }

  @Test func nearbyChangesShareOneRegion() throws {
    let actual = Self.stream { index, line in
      index == 8 || index == 12 ? #""kind":"JOINED","participant":"x""# : line
    }
    let diff = try Self.diff(Self.stream(), actual)
    #expect(diff.hunks.count == 1)
    #expect(diff.hunks.first?.lines.filter { $0.hasPrefix("-") }.count == 2)
  }

  @Test func anEmptyActualStreamDeletesEverything() throws {
    let diff = try Self.diff(Self.stream(steps: 1, events: 2), "")
    #expect(diff.hunks.count == 1)
    #expect(diff.unified.contains("@@ -1,3 +0,0 @@ steps[0] join p0\n"))
  }

  @Test(arguments: [
    ("{\"seq\":1}\nnot json\n", 2, "not json"),
    ("[1,2]\n", 1, "[1,2]"),
    ("{\"a\":1}\n\n{\"b\":2}\n", 2, "(an empty line)"),
    ("{\n  \"participants\": []\n}\n", 1, "{"),
    ("{\"a\":1} trailing\n", 1, "{\"a\":1} trailing"),
    ("{\"a\":\"unterminated}\n", 1, "{\"a\":\"unterminated}"),
  ])
  func nonJSONLIsAnErrorNamingTheLine(text: String, line: Int, excerpt: String) {
    #expect(throws: StreamFormatError(name: "g.jsonl", line: line, excerpt: excerpt)) {
      try JSONLStream(text: text, name: "g.jsonl")
    }
  }

  @Test func onlyTopLevelLineNumberingFieldsAreIgnored() throws {
    let a = try JSONLStream(text: #"{"seq":1,"x":{"seq":5},"seq2":"a"}"#, name: "a")
    #expect(a.lines == [#"{"x":{"seq":5},"seq2":"a"}"#])
    let b = try JSONLStream(
      text: #"{"n":7, "seq" : 9 ,"y":[1,{"z":"}"}]}"#, name: "b", ignoring: ["n", "seq"])
    #expect(b.lines == [#"{"y":[1,{"z":"}"}]}"#])
  }
}

extension StreamFormatError {
  init(name: String, line: Int, excerpt: String) {
    self.init(
      name: name, line: line,
      text: ArraySlice(excerpt == "(an empty line)" ? [] : Array(excerpt.utf8)))
  }
}
