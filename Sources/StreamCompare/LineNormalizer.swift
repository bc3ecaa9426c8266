/// Removes top-level members such as `"seq"` from one JSON object line without
/// re-encoding the rest, so the comparison sees the line exactly as written
/// minus the fields that only number lines. Scanning also checks the line's
/// shape (an object of `"key": value` members), which is how a golden file that
/// is not JSONL is caught with its line number.
struct LineNormalizer {
  let ignored: [[UInt8]]

  init(ignoring fields: [String]) {
    ignored = fields.map { Array($0.utf8) }
  }

  /// The line without the ignored members, or `nil` when it is not one JSON object.
  func normalize(_ line: ArraySlice<UInt8>) -> [UInt8]? {
    var scanner = Scanner(bytes: line)
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var out: [UInt8] = [UInt8(ascii: "{")]
    out.reserveCapacity(line.count)
    var kept = 0
    scanner.skipSpace()
    if scanner.take(UInt8(ascii: "}")) { return scanner.atEnd ? out + [UInt8(ascii: "}")] : nil }
    while true {
      scanner.skipSpace()
      let start = scanner.index
      guard let key = scanner.string(), scanner.skipSpace(), scanner.take(UInt8(ascii: ":")),
        scanner.value()
      else { return nil }
      let member = line[start..<scanner.index]
      if !ignored.contains(where: { $0.elementsEqual(key) }) {
        if kept > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: member)
        kept += 1
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) { continue }
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
      scanner.skipSpace()
      guard scanner.atEnd else { return nil }
      out.append(UInt8(ascii: "}"))
      return out
    }
  }
}

/// A cursor over one line's bytes that skips JSON values by their shape.
private struct Scanner {
  let bytes: ArraySlice<UInt8>
  var index: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  var atEnd: Bool { index >= bytes.endIndex }

  @discardableResult
  mutating func skipSpace() -> Bool {
    while index < bytes.endIndex,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D
    {
      index += 1
    }
    return true
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.endIndex, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A string's raw content (escapes left as written), the cursor after its closing quote.
  mutating func string() -> ArraySlice<UInt8>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return bytes[start..<index - 1]
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return nil
  }

  /// Skips one value: a string, or everything up to the `,` or `}` that ends
  /// it at this depth, with brackets balanced.
  mutating func value() -> Bool {
    skipSpace()
    var depth = 0
    let start = index
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard string() != nil else { return false }
        continue
      }
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        if depth == 0 { return index > start }
        depth -= 1
      } else if byte == UInt8(ascii: ","), depth == 0 {
        return index > start
      }
      index += 1
    }
    return false
  }
}
