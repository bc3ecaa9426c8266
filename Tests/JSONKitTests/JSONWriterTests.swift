import Testing

@testable import JSONKit

/// The writer's output parses back to the same value and escapes what JSON requires.
struct JSONWriterTests {
  static let values: [JSON] = [
    .object([("b", .integer(2)), ("a", .array([.null, .bool(true), .number(1.5)]))]),
    .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 🎬"),
    .array([]), .object([]), .integer(-9_223_372_036_854_775_808),
  ]

  @Test(arguments: values)
  func compactAndPrettyOutputRoundTrip(_ value: JSON) throws {
    #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
    #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
  }

  @Test func compactOutputIsOneLineWithEscapes() {
    let text = JSONWriter.compact(.object([("s", .string("a\nb\u{01}"))]))
    #expect(text == #"{"s":"a\nb\u0001"}"#)
  }

  @Test func settingReplacesInPlaceAndAppendsNewKeys() {
    let value = JSON.object([("a", .integer(1)), ("b", .integer(2))])
    #expect(value.setting("a", to: .null).objectValue?.map(\.key) == ["a", "b"])
    #expect(value.setting("c", to: .null).objectValue?.map(\.key) == ["a", "b", "c"])
    #expect(value.removing("a") == .object([("b", .integer(2))]))
  }
}
