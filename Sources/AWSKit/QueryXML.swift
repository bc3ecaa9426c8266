/// The XML the AWS query protocol answers with (STS): elements, attributes skipped, text with
/// the five named entities and numeric references decoded, CDATA kept. Anything else — a
/// DOCTYPE (so no entity can expand), an unclosed or mismatched tag, nesting deeper than
/// `maximumDepth` — is refused, so a hostile answer costs at most its (capped) size.
struct XMLElement: Sendable, Equatable {
  /// The local name (`AssumeRoleResult`; a `prefix:` is dropped).
  var name: String
  /// The child elements, in order.
  var children: [XMLElement] = []
  /// The text directly inside, decoded.
  var text = ""

  /// The first child named `name`.
  func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// The text of the element reached through `path` of child names, nil when absent.
  func text(at path: String...) -> String? {
    var element = self
    for name in path {
      guard let next = element.child(name) else { return nil }
      element = next
    }
    return element.text
  }
}

/// Why an answer is not XML this reader takes, and where.
struct QueryXMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset of the problem.
  let offset: Int
  /// What is wrong.
  let reason: String

  var description: String { "not the XML expected (byte \(offset): \(reason))" }
}

/// Reads the query protocol's XML into `XMLElement`s.
enum QueryXML {
  /// Elements nested deeper than this are refused.
  static let maximumDepth = 32

  /// The root element of `bytes`.
  static func parse(_ bytes: [UInt8]) throws(QueryXMLError) -> XMLElement {
    var reader = Reader(bytes: bytes)
    try reader.skipMisc()
    guard reader.peek == UInt8(ascii: "<") else { throw reader.error("no root element") }
    let root = try reader.element(depth: 1)
    try reader.skipMisc()
    guard reader.atEnd else { throw reader.error("more after the root element") }
    return root
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    func error(_ reason: String) -> QueryXMLError { QueryXMLError(offset: index, reason: reason) }

    func starts(with text: String) -> Bool {
      let pattern = Array(text.utf8)
      guard bytes.count - index >= pattern.count else { return false }
      return bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    /// Moves past `terminator`; throws when it never comes.
    mutating func skip(past terminator: String) throws(QueryXMLError) {
      while !atEnd {
        if starts(with: terminator) {
          index += terminator.utf8.count
          return
        }
        index += 1
      }
      throw error("\(terminator) never comes")
    }

    /// White space, the `<?xml …?>` declaration and comments.
    mutating func skipMisc() throws(QueryXMLError) {
      while let byte = peek {
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          index += 1
        } else if starts(with: "<?") {
          try skip(past: "?>")
        } else if starts(with: "<!--") {
          try skip(past: "-->")
        } else if starts(with: "<!") {
          throw error("a DOCTYPE or declaration is not accepted")
        } else {
          return
        }
      }
    }

    mutating func name() throws(QueryXMLError) -> String {
      let start = index
      while let byte = peek, !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D),
        byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"), byte != UInt8(ascii: "=")
      {
        index += 1
      }
      guard index > start else { throw error("a tag without a name") }
      let full = String(decoding: bytes[start..<index], as: UTF8.self)
      return full.split(separator: ":").last.map(String.init) ?? full
    }

    /// `<name …>children and text</name>` or `<name …/>`, the reader at its `<`.
    mutating func element(depth: Int) throws(QueryXMLError) -> XMLElement {
      guard depth <= QueryXML.maximumDepth else { throw error("nested too deep") }
      index += 1
      var element = XMLElement(name: try name())
      guard try attributesEnd() == .open else { return element }
      var text: [UInt8] = []
      while true {
        guard let byte = peek else { throw error("<\(element.name)> is never closed") }
        if byte != UInt8(ascii: "<") {
          if byte == UInt8(ascii: "&") {
            text += try reference()
          } else {
            text.append(byte)
            index += 1
          }
        } else if starts(with: "</") {
          index += 2
          let closing = try name()
          skipSpace()
          guard closing == element.name, peek == UInt8(ascii: ">") else {
            throw error("</\(closing)> does not close <\(element.name)>")
          }
          index += 1
          element.text = String(decoding: text, as: UTF8.self)
          return element
        } else if starts(with: "<![CDATA[") {
          index += 9
          let start = index
          try skip(past: "]]>")
          text += bytes[start..<(index - 3)]
        } else if starts(with: "<!--") {
          try skip(past: "-->")
        } else if starts(with: "<?") {
          try skip(past: "?>")
        } else if starts(with: "<!") {
          throw error("a declaration inside an element")
        } else {
          element.children.append(try self.element(depth: depth + 1))
        }
      }
    }

    enum TagEnd { case open, empty }

    /// Skips attributes up to `>` (open) or `/>` (empty), quoted values included.
    mutating func attributesEnd() throws(QueryXMLError) -> TagEnd {
      while let byte = peek {
        switch byte {
        case UInt8(ascii: ">"):
          index += 1
          return .open
        case UInt8(ascii: "/"):
          guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
            throw error("a stray / in a tag")
          }
          index += 2
          return .empty
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          index += 1
          guard let close = bytes[index...].firstIndex(of: byte) else {
            throw error("an attribute value is never closed")
          }
          index = close + 1
        case UInt8(ascii: "<"):
          throw error("< inside a tag")
        default:
          index += 1
        }
      }
      throw error("a tag is never closed")
    }

    mutating func skipSpace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      }
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`, the reader at its `&`.
    mutating func reference() throws(QueryXMLError) -> [UInt8] {
      let start = index
      guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
        throw error("an & that starts no reference")
      }
      let body = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
      index = semicolon + 1
      switch body {
      case "lt": return [UInt8(ascii: "<")]
      case "gt": return [UInt8(ascii: ">")]
      case "amp": return [UInt8(ascii: "&")]
      case "quot": return [UInt8(ascii: "\"")]
      case "apos": return [UInt8(ascii: "'")]
      default: break
      }
      let value: UInt32?
      if body.hasPrefix("#x") {
        value = UInt32(body.dropFirst(2), radix: 16)
      } else if body.hasPrefix("#") {
        value = UInt32(body.dropFirst(), radix: 10)
      } else {
        value = nil
      }
      guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
        index = start
        throw error("an unknown reference &\(body);")
      }
      return Array(String(Character(scalar)).utf8)
    }
  }
}
