import Testing

@testable import JSONKit

/// The streaming reader: walking containers piece by piece gives the values and the
/// errors (line, column, reason) a whole parse gives.
struct JSONStreamTests {
  /// Rebuilds every text of `text` by walking it with the stream's container calls; with
  /// `names`, objects are read with `beginObject(matching:)`.
  private func walk(_ text: String, names: MemberNames? = nil) throws(JSONParseError) -> [JSON] {
    var stream = JSONStream(bytes: Array(text.utf8))
    var values: [JSON] = []
    while stream.hasMore() { values.append(try walkValue(&stream, names: names)) }
    return values
  }

  private func walkValue(_ stream: inout JSONStream, names: MemberNames?) throws(JSONParseError)
    -> JSON
  {
    if let names, stream.peek() == UInt8(ascii: "{") {
      var members: [(key: String, value: JSON)] = []
      var key = try stream.beginObject(matching: names)
      while let read = key {
        let name: String
        switch read {
        case .known(let position): name = names[position]
        case .other(let other): name = other
        }
        members.append((name, try walkValue(&stream, names: names)))
        key = try stream.nextKey(matching: names)
      }
      return .object(members)
    }
    switch stream.peek() {
    case UInt8(ascii: "["):
      var elements: [JSON] = []
      var more = try stream.beginArray()
      while more {
        elements.append(try walkValue(&stream, names: names))
        more = try stream.nextElement()
      }
      return .array(elements)
    case UInt8(ascii: "{"):
      var members: [(key: String, value: JSON)] = []
      var key = try stream.beginObject()
      while let name = key {
        members.append((name, try walkValue(&stream, names: names)))
        key = try stream.nextKey()
      }
      return .object(members)
    default: return try stream.value()
    }
  }

  @Test func walkingGivesTheParsersValues() throws {
    let text = #"{"events": [{"a": 1}, [], {}, [true, "x"]], "next": null} [1] "s""#
    #expect(try walk(text) == (try JSONParser.parseSequence(bytes: Array(text.utf8))))
    #expect(
      try walk(text, names: Self.names) == (try JSONParser.parseSequence(bytes: Array(text.utf8))))
  }

  static let names = MemberNames(["a", "events", "é"])

  /// Keys matched by name keep the parser's duplicate-key errors, whether the key is
  /// known, escaped, non-ASCII or another key.
  @Test(arguments: [
    #"{"a": 1, "a": 2}"#, #"{"a": 1, "\u0061": 2}"#, #"{"é": 1, "\u00e9": 2}"#,
    #"{"zz": 1, "b": {"a": 1, "a": 1}, "zz": 2}"#, #"[{"a": 1}, {"b": 1, "a": 2, "b": 3}]"#,
  ])
  func matchedKeysFindDuplicates(_ text: String) throws {
    do {
      _ = try JSONParser.parseSequence(bytes: Array(text.utf8))
      Issue.record("the parser accepts \(text)")
    } catch {
      #expect(throws: error) { try walk(text, names: Self.names) }
    }
  }

  @Test(
    arguments: JSONParserTests.badTexts.map(\.text) + [
      "{\"e\": [1, 2], \"e\": 3}", "[{\"a\": 1} {}]", "{\"a\": [1, {\"b\": }]}", "[1, 2]]",
    ])
  func errorsAreTheParsersWithLineAndColumn(_ text: String) throws {
    do {
      // Some are valid as a sequence of texts ("01" is two numbers): same values then.
      let values = try JSONParser.parseSequence(bytes: Array(text.utf8))
      #expect(try walk(text) == values)
      #expect(try walk(text, names: Self.names) == values)
    } catch {
      #expect(throws: error) { try walk(text) }
      #expect(throws: error) { try walk(text, names: Self.names) }
    }
  }

  @Test func duplicateKeysAreFoundInLargeStreamedObjects() {
    let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    #expect(throws: JSONParseError.self) { try walk("{\(members),\"k3\":0}") }
    #expect((try? walk("{\(members)}"))?.first?.objectValue?.count == 40)
  }

  /// `string()` gives a string value, and nil for any other value, which it still checks
  /// and steps over.
  @Test func stringGivesStringsAndStepsOverOtherValues() throws {
    var stream = JSONStream(bytes: Array(#"["a\u00e9", {"b": [1]}, 2, "c"]"#.utf8))
    var strings: [String?] = []
    var more = try stream.beginArray()
    while more {
      strings.append(try stream.string())
      more = try stream.nextElement()
    }
    #expect(strings == ["a\u{e9}", nil, nil, "c"])
    let ended = !stream.hasMore()
    #expect(ended)
  }

  /// `stringBytes()` gives a string's UTF-8, decoded when it has escapes, and nil for any
  /// other value.
  @Test func stringBytesGivesUTF8() throws {
    var stream = JSONStream(bytes: Array(#"["ab", "a\u00e9", 3, "\"q\""]"#.utf8))
    var strings: [String?] = []
    var more = try stream.beginArray()
    while more {
      strings.append(try stream.stringBytes().map { String(decoding: $0, as: UTF8.self) })
      more = try stream.nextElement()
    }
    #expect(strings == ["ab", "a\u{e9}", nil, "\"q\""])
  }

  @Test(arguments: [#"[{"b": }]"#, #"["a"#, #"[tru]"#, "[", "[\"\u{1}\"]", #"["\x"]"#])
  func stringReportsTheParsersErrors(_ text: String) throws {
    for asBytes in [false, true] {
      var stream = JSONStream(bytes: Array(text.utf8))
      _ = try stream.beginArray()
      do {
        _ =
          asBytes
          ? try stream.stringBytes().map { String(decoding: $0, as: UTF8.self) }
          : try stream.string()
        Issue.record("no error for \(text)")
      } catch {
        #expect(throws: error) { try JSONParser.parse(text) }
      }
    }
  }
}
