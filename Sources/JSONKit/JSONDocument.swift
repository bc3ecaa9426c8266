/// A JSON object whose large arrays are made an element at a time: written through
/// `JSONOutput`, each element is built, written and dropped, so a report of 50,000 timeline
/// entries never sits in memory as one tree and one text beside it. `json` is the same
/// document built whole.
public struct JSONDocument {
  /// One member's value: made whole, or an array whose elements come one by one.
  public enum Member {
    /// A value made whole (small ones).
    case value(JSON)
    /// An array made an element at a time.
    case elements(AnySequence<JSON>)
  }

  /// The members, in document order.
  public let members: [(key: String, value: Member)]

  /// A document of `members`.
  public init(_ members: [(key: String, value: Member)]) { self.members = members }

  /// The document built whole.
  public var json: JSON {
    .object(
      members.map { member in
        switch member.value {
        case .value(let value): return (member.key, value)
        case .elements(let elements): return (member.key, .array(Array(elements)))
        }
      })
  }
}

extension JSONDocument.Member {
  /// The array of `transform` applied to each of `items`, made as it is written.
  public static func elements<Items: Sequence>(
    _ items: Items, _ transform: @escaping (Items.Element) -> JSON
  ) -> Self {
    .elements(AnySequence(items.lazy.map(transform)))
  }
}

/// Writes JSON to a sink a piece at a time, byte for byte as `JSONWriter.pretty` would write
/// it whole: a large document costs one buffer of output, not its whole text.
public struct JSONOutput {
  private let sink: ([UInt8]) -> Void
  private var buffer: [UInt8] = []
  private let flushBytes: Int

  /// Output to `sink`, given pieces of about `flushBytes` bytes.
  public init(flushBytes: Int = 64 << 10, sink: @escaping ([UInt8]) -> Void) {
    self.sink = sink
    self.flushBytes = flushBytes
    buffer.reserveCapacity(flushBytes + 4096)
  }

  /// Writes `document` indented as `JSONWriter.pretty` does, then `trailer`, and flushes.
  public mutating func writePretty(_ document: JSONDocument, trailer: String = "") {
    guard !document.members.isEmpty else {
      JSONWriter.writePretty(.object([]), indent: 0, into: &buffer)
      finish(trailer)
      return
    }
    buffer.append(contentsOf: "{\n".utf8)
    for (index, member) in document.members.enumerated() {
      buffer.append(contentsOf: "  ".utf8)
      JSONWriter.writeString(member.key, into: &buffer)
      buffer.append(contentsOf: ": ".utf8)
      switch member.value {
      case .value(let value): JSONWriter.writePretty(value, indent: 1, into: &buffer)
      case .elements(let elements): writeElements(elements)
      }
      buffer.append(contentsOf: (index + 1 < document.members.count ? ",\n" : "\n").utf8)
      flushIfFull()
    }
    buffer.append(UInt8(ascii: "}"))
    finish(trailer)
  }

  /// An array at indent 1 (a member of the top-level object), an element at a time.
  private mutating func writeElements(_ elements: AnySequence<JSON>) {
    let iterator = elements.makeIterator()
    guard var element = iterator.next() else {
      buffer.append(contentsOf: "[]".utf8)
      return
    }
    buffer.append(contentsOf: "[\n".utf8)
    while true {
      buffer.append(contentsOf: "    ".utf8)
      JSONWriter.writePretty(element, indent: 2, into: &buffer)
      guard let next = iterator.next() else { break }
      buffer.append(contentsOf: ",\n".utf8)
      flushIfFull()
      element = next
    }
    buffer.append(contentsOf: "\n  ]".utf8)
  }

  private mutating func flushIfFull() {
    guard buffer.count >= flushBytes else { return }
    sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private mutating func finish(_ trailer: String) {
    buffer.append(contentsOf: trailer.utf8)
    sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
