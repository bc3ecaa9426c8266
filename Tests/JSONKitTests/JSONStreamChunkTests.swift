import Testing

@testable import JSONKit

/// The stream over chunks: wherever the input is cut — inside a key, a number, a `\u` escape,
/// a UTF-8 sequence, white space — and however small the window, walking it gives the values
/// and the errors (line, column, reason) of a whole parse.
struct JSONStreamChunkTests {
  static let document = """
    {"events": [{"name": "JOINED", "n": -12.5e3, "ok": true},
      {"name": "\\u00e9t\\ud83d\\ude00 日本", "x": null, "list": [1, [], {}, "a\\"b"]}],
     "nextToken": "tok"}
    [1]   "s" 42
    """

  /// `text` in two chunks cut at `split`, read through a window of `window` bytes.
  static func stream(_ text: [UInt8], split: Int, window: Int) -> JSONStream {
    var chunks = [Array(text[..<split])[...], Array(text[split...])[...]]
    return JSONStream(
      chunks: {
        chunks.isEmpty ? nil : chunks.removeFirst()
      }, window: window)
  }

  /// Every text of the stream, rebuilt by its container calls (the record reader's way).
  static func walk(_ stream: inout JSONStream) throws(JSONParseError) -> [JSON] {
    var values: [JSON] = []
    while stream.hasMore() { values.append(try walkValue(&stream)) }
    return values
  }

  private static func walkValue(_ stream: inout JSONStream) throws(JSONParseError) -> JSON {
    switch stream.peek() {
    case UInt8(ascii: "["):
      var elements: [JSON] = []
      var more = try stream.beginArray()
      while more {
        elements.append(try walkValue(&stream))
        more = try stream.nextElement()
      }
      return .array(elements)
    case UInt8(ascii: "{"):
      var members: [(key: String, value: JSON)] = []
      var key = try stream.beginObject()
      while let name = key {
        // Strings through `string()`, the rest rebuilt or parsed whole.
        if stream.peek() == UInt8(ascii: "\"") {
          members.append((name, .string(try stream.string() ?? "")))
        } else {
          members.append((name, try walkValue(&stream)))
        }
        key = try stream.nextKey()
      }
      return .object(members)
    default: return try stream.value()
    }
  }

  @Test(arguments: [1, 3, 64])
  func everySplitGivesTheWholeParse(window: Int) throws {
    let bytes = Array(Self.document.utf8)
    let whole = try JSONParser.parseSequence(bytes: bytes)
    for split in 0...bytes.count {
      var stream = Self.stream(bytes, split: split, window: window)
      #expect(try Self.walk(&stream) == whole, "split at \(split)")
    }
  }

  @Test func valuesParsedWholeStraddleChunks() throws {
    let bytes = Array(Self.document.utf8)
    let whole = try JSONParser.parseSequence(bytes: bytes)
    for split in 0...bytes.count {
      var stream = Self.stream(bytes, split: split, window: 2)
      var values: [JSON] = []
      while stream.hasMore() { values.append(try stream.value()) }
      #expect(values == whole, "split at \(split)")
    }
  }

  static let badTexts = [
    "{\"a\": [1, 2,, 3]}", "{\"a\": 1,\n  \"b\": tru}", "[\"abc", "{\"a\": \"\\x\"}",
    "[1, 2]\n\n  {\"k\": \"\\u12\"}", "{\"a\": 1, \"a\": 2}", "[1 2]", "[\"\u{1}\"]",
    "[-]", "{\"a\"  \n  1}", String(repeating: "[", count: 300),
  ]

  @Test(arguments: badTexts)
  func errorsAreTheWholeParsesWhereverTheInputIsCut(_ text: String) throws {
    let bytes = Array(text.utf8)
    var expected: JSONParseError?
    do {
      var whole = JSONStream(bytes: bytes)
      _ = try Self.walk(&whole)
    } catch {
      expected = error
    }
    let error = try #require(expected)
    for split in 0...bytes.count {
      for window in [1, 7] {
        var stream = Self.stream(bytes, split: split, window: window)
        #expect(throws: error, "split at \(split), window \(window)") {
          try Self.walk(&stream)
        }
      }
    }
  }

  /// `skipValue` (the record reader's check for invalid JSON) fails as a whole parse does.
  @Test(arguments: JSONParserTests.badTexts.map(\.text) + badTexts)
  func skippingFailsAsTheParserDoes(_ text: String) {
    let bytes = Array(text.utf8)
    let parsed = Result { () throws(JSONParseError) in try JSONParser.parseSequence(bytes: bytes) }
    var stream = JSONStream(bytes: bytes)
    let skipped = Result { () throws(JSONParseError) in
      while stream.hasMore() { try stream.skipValue() }
    }
    switch (parsed, skipped) {
    case (.success, .success): break
    case (.failure(let a), .failure(let b)): #expect(a == b)
    default: Issue.record("parse \(parsed), skip \(skipped)")
    }
  }

  /// Strings `skipValue` checks without building them (issue 32 item 13): each fails, or
  /// not, exactly as parsing it does, wherever the input is cut, ill-formed UTF-8 included
  /// (found at the closing quote, after a later escape or control character).
  static let badStrings: [[UInt8]] = [
    [0x22, 0xC3, 0x28, 0x22], [0x22, 0x61, 0xFF, 0x5C, 0x71, 0x22], [0x22, 0xE2, 0x82, 0x01, 0x22],
    [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC3, 0x5C, 0x75, 0x30, 0x30, 0x65, 0x39, 0x22],
    [0x22, 0xF0, 0x9F, 0x98], [0x22, 0xC3, 0xA9, 0x5C, 0x75, 0x44, 0x38, 0x33, 0x44, 0x22],
    Array(#""\u00e9 日本 \ud83d\ude00 ok""#.utf8), Array("\"\u{7F}\u{85}\"".utf8),
  ]

  @Test(arguments: badStrings)
  func skippingAStringFailsAsParsingItDoes(_ bytes: [UInt8]) {
    let parsed = Result { () throws(JSONParseError) in try JSONParser.parseSequence(bytes: bytes) }
    for split in 0...bytes.count {
      var stream = Self.stream(bytes, split: split, window: 2)
      let skipped = Result { () throws(JSONParseError) in
        while stream.hasMore() { try stream.skipValue() }
      }
      switch (parsed, skipped) {
      case (.success, .success): break
      case (.failure(let a), .failure(let b)): #expect(a == b, "split at \(split)")
      default: Issue.record("split at \(split): parse \(parsed), skip \(skipped)")
      }
    }
  }

  @Test func aLargeInputInSmallChunksKeepsOnlyAWindow() throws {
    let event = #"{"name": "JOINED", "participantId": "p"},"#
    var remaining = 20_000
    var opened = false
    var stream = JSONStream(
      chunks: {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let text = (opened ? "" : "{\"events\": [") + event + (remaining == 0 ? "{}]}" : "")
        opened = true
        return Array(text.utf8)[...]
      }, window: 4096)
    #expect(stream.peek() == UInt8(ascii: "{"))
    #expect(try stream.beginObject() == "events")
    var count = 0
    var held = 0
    var more = try stream.beginArray()
    while more {
      try stream.skipValue()
      count += 1
      held = max(held, stream.heldBytes)
      more = try stream.nextElement()
    }
    #expect(count == 20_001)
    #expect(held < 3 * 4096)
    #expect(try stream.nextKey() == nil)
    let ended = !stream.hasMore()
    #expect(ended)
  }

  @Test(
    arguments: [
      ("{\"a\": [1, \"]\"]}", 1), ("{} {}", 2), ("[1]\n[2]\n", 2), ("\"a b\"", 1), ("  ", 0),
      ("{\"a\": \"\\\"}\"} ", 1), ("1 2 3", 3),
    ] as [(String, Int)])
  func textsAreCountedWhereverTheInputIsCut(text: String, count: Int) {
    let bytes = Array(text.utf8)
    for split in 0...bytes.count {
      var counter = JSONTextCounter()
      counter.take(bytes[..<split])
      counter.take(bytes[split...])
      #expect(counter.count == count, "split at \(split)")
    }
  }

  /// Objects a record file lists (events in an array, EventBridge events one per text), not
  /// the objects inside them (tokens, attributes) nor brackets in strings.
  @Test(
    arguments: [
      ("{\"events\": [{}, {\"a\": {\"b\": {}}}]}", 3), ("[{}, [{}]] {}", 3),
      ("{\"a\": \"{[{\"}", 1),
      ("{\"a\": {}}\n{\"b\": [[]]}\n", 2), ("[1, \"{\"]", 0),
    ] as [(String, Int)])
  func listedObjectsAreTextsAndArrayElementsWhereverTheInputIsCut(text: String, count: Int) {
    let bytes = Array(text.utf8)
    for split in 0...bytes.count {
      var counter = JSONTextCounter()
      counter.take(bytes[..<split])
      counter.take(bytes[split...])
      #expect(counter.listedObjects == count, "split at \(split)")
    }
  }
}
