import Testing

@testable import JSONKit

/// A document written a piece at a time is byte for byte what `JSONWriter.pretty` writes of
/// the same document built whole, in pieces no larger than asked (plus one element).
struct JSONOutputTests {
  static var documents: [JSONDocument] {
    [
      JSONDocument([]),
      JSONDocument([("a", .value(.integer(1)))]),
      JSONDocument([
        ("empty", .elements([Int](), { .integer(Int64($0)) })),
        (
          "list",
          .elements(1...5, { .object([("n", .integer(Int64($0))), ("s", .string("é\u{1b}"))]) })
        ),
        ("nested", .value(.object([("x", .array([.array([]), .object([]), .null]))]))),
        ("one", .elements([7], { .array([.integer(Int64($0))]) })),
        ("last", .value(.string("\"q\""))),
      ]),
    ]
  }

  @Test(arguments: 0..<3)
  func piecesAreThePrettyText(index: Int) {
    let document = Self.documents[index]
    for flushBytes in [1, 16, 1 << 16] {
      var pieces: [[UInt8]] = []
      var output = JSONOutput(flushBytes: flushBytes) { pieces.append($0) }
      output.writePretty(document, trailer: "\n")
      let text = String(decoding: pieces.joined(), as: UTF8.self)
      #expect(text == JSONWriter.pretty(document.json) + "\n", "flush at \(flushBytes)")
      if flushBytes == 1 { #expect(pieces.count >= document.members.count) }
    }
  }
}
