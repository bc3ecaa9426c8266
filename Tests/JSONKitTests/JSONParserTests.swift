import Testing

@testable import JSONKit

/// The shared JSON parser: exact values, document order, and errors that
/// point at the line and column of the mistake.
struct JSONParserTests {
  @Test func parsesEveryValueKindKeepingOrder() throws {
    let json = try JSONParser.parse(
      #"{"z":1,"a":[true,false,null],"m":-2.5e1,"s":"x\u00e9\n","big":9223372036854775807}"#)
    #expect(json.objectValue?.map(\.key) == ["z", "a", "m", "s", "big"])
    #expect(json["z"] == .integer(1))
    #expect(json["a"] == .array([.bool(true), .bool(false), .null]))
    #expect(json["m"] == .number(-25))
    #expect(json["s"] == .string("xé\n"))
    #expect(json["big"] == .integer(Int64.max))
  }

  @Test func surrogatePairsDecode() throws {
    #expect(try JSONParser.parse(#""\ud83c\udfac""#) == .string("🎬"))
  }

  struct BadText: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let column: Int
    let reason: String
    var testDescription: String { reason }
  }

  static let badTexts: [BadText] = [
    BadText(text: "{\n  \"a\": 1,\n  \"b\" 2\n}", line: 3, column: 7, reason: "expected ':'"),
    BadText(text: "[1, 2", line: 1, column: 6, reason: "expected ',' or ']'"),
    BadText(text: "{\"a\":1,\"a\":2}", line: 1, column: 8, reason: "duplicate key \"a\""),
    BadText(text: "{\"a\":tru}", line: 1, column: 6, reason: "invalid literal"),
    BadText(text: "\"abc", line: 1, column: 1, reason: "unterminated string"),
    BadText(text: "01", line: 1, column: 2, reason: "unexpected content"),
    BadText(text: "{} x", line: 1, column: 4, reason: "unexpected content"),
    BadText(text: "", line: 1, column: 1, reason: "unexpected end of input"),
    BadText(text: "\"\\q\"", line: 1, column: 2, reason: "invalid escape"),
    BadText(text: "\"\\ud800\"", line: 1, column: 8, reason: "unpaired surrogate"),
    BadText(text: "[1,]", line: 1, column: 4, reason: "expected a value"),
  ]

  @Test(arguments: badTexts)
  func errorsNameLineColumnAndReason(_ bad: BadText) {
    #expect {
      _ = try JSONParser.parse(bad.text)
    } throws: { error in
      guard let error = error as? JSONParseError else { return false }
      return error.line == bad.line && error.column == bad.column
        && error.reason.contains(bad.reason)
    }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
  }

  @Test func duplicateKeysAreFoundInLargeObjects() {
    let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    #expect(throws: JSONParseError.self) { try JSONParser.parse("{\(members),\"k3\":0}") }
    #expect((try? JSONParser.parse("{\(members)}"))?.objectValue?.count == 40)
  }

  /// A duplicated 1 MB key is named by its start and size, never echoed whole to a terminal.
  @Test func aLongDuplicateKeyIsQuotedShort() {
    let key = String(repeating: "k", count: 1_000_000)
    #expect {
      _ = try JSONParser.parse("{\"\(key)\":1,\"\(key)\":2}")
    } throws: { error in
      guard let error = error as? JSONParseError else { return false }
      return error.reason.hasPrefix("duplicate key \"kkk") && error.reason.count < 120
        && error.reason.contains("1000000 bytes")
    }
  }

  @Test func invalidUTF8IsRefused() {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes: [0x22, 0xFF, 0x22]) }
  }
}
