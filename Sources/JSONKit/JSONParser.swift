import InputKit

/// A strict RFC 8259 parser producing `JSON` values, reporting errors by line
/// and column. Rejects duplicate keys (a token or scenario with two values for
/// one key is ambiguous) and nesting deeper than `maximumDepth`, so hostile
/// input cannot exhaust the stack.
public struct JSONParser {
  /// Deepest array/object nesting accepted.
  public static let maximumDepth = 256

  /// The input, or the window of it not yet consumed when it is read a piece at a time.
  var bytes: [UInt8]
  var index = 0
  private var depth = 0
  /// Where the key last read starts (for the duplicate-key error).
  private var lastKeyStart = 0
  /// Where `bytes` starts in the whole input, so errors give the line and column there.
  private var origin = SourceOrigin()

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Parses one complete JSON text; trailing non-space content is an error.
  public static func parse(_ text: String) throws(JSONParseError) -> JSON {
    try parse(bytes: Array(text.utf8))
  }

  /// Parses one complete JSON text from UTF-8 bytes.
  public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.parseValue()
    parser.skipSpace()
    if parser.index < bytes.count {
      throw parser.error("unexpected content after the JSON value")
    }
    return value
  }

  /// Parses a sequence of JSON texts separated only by white space: JSON lines, or several
  /// documents pasted one after another (CLI outputs concatenated). One text is a sequence
  /// of one. Errors give the line and column in the whole input.
  public static func parseSequence(bytes: [UInt8]) throws(JSONParseError) -> [JSON] {
    var parser = JSONParser(bytes: bytes)
    var values: [JSON] = []
    parser.skipSpace()
    while parser.index < bytes.count {
      values.append(try parser.parseValue())
      parser.skipSpace()
    }
    return values
  }

  func error(_ reason: String, at position: Int? = nil) -> JSONParseError {
    let end = min(position ?? index, bytes.count)
    var line = origin.line
    var lineStart = origin.lineStart
    for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
      line += 1
      lineStart = origin.offset + i + 1
    }
    return JSONParseError(
      line: line, column: origin.offset + end - lineStart + 1,
      reason: reason + (cause(at: end).map { " (\($0))" } ?? ""))
  }

  /// What people write that JSON does not allow, when the error stands on it: a comment, a
  /// comma before `}` or `]`, a byte order mark.
  private func cause(at offset: Int) -> String? {
    guard offset < bytes.count else { return nil }
    let rest = bytes[offset...]
    if origin.offset + offset == 0, rest.starts(with: [0xEF, 0xBB, 0xBF]) {
      return "a UTF-8 byte order mark: save the file as UTF-8 without BOM"
    }
    if rest.starts(with: Array("//".utf8)) || rest.starts(with: Array("/*".utf8)) {
      return "a comment: JSON has no comments"
    }
    guard bytes[offset] == UInt8(ascii: "}") || bytes[offset] == UInt8(ascii: "]") else {
      return nil
    }
    let before = bytes[..<offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    guard before == UInt8(ascii: ",") else { return nil }
    return "a trailing comma before '\(Character(Unicode.Scalar(bytes[offset])))': JSON allows none"
  }

  /// Where the parser stands in its bytes, to go back to (`JSONStream` undoes a step cut off
  /// by its window's end). It holds no reference to the bytes, so moving the window on while
  /// a place is kept copies nothing.
  struct Place {
    fileprivate let index: Int
    fileprivate let depth: Int
    fileprivate let lastKeyStart: Int
  }

  /// Where the parser stands now.
  var place: Place { Place(index: index, depth: depth, lastKeyStart: lastKeyStart) }

  /// Goes back to `place`, taken since the window last moved.
  mutating func go(back place: Place) {
    index = place.index
    depth = place.depth
    lastKeyStart = place.lastKeyStart
  }

  /// Forgets the first `count` bytes, already consumed, keeping the line and column of what
  /// follows: a window over a large input moves on.
  mutating func dropConsumed(_ count: Int) {
    for i in 0..<count where bytes[i] == UInt8(ascii: "\n") {
      origin.line += 1
      origin.lineStart = origin.offset + i + 1
    }
    origin.offset += count
    bytes.removeSubrange(0..<count)
    index -= count
    lastKeyStart -= count
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONParseError) -> JSON {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character \(describe(bytes[index])), expected a value")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  private mutating func parseLiteral(_ word: String, _ value: JSON) throws(JSONParseError) -> JSON {
    let utf8 = Array(word.utf8)
    guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8
    else { throw error("invalid literal, expected '\(word)'") }
    index += utf8.count
    return value
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSON {
    var members: [(key: String, value: JSON)] = []
    var keys = KeySet()
    var key = try openObject()
    while let name = key {
      guard keys.insert(name) else { throw duplicateKey(name) }
      members.append((name, try parseValue()))
      key = try continueObject()
    }
    return .object(members)
  }

  /// Consumes `{` and, unless the object is empty, its first key and `:`; nil for `{}`.
  /// The caller checks the key is new (`duplicateKey`).
  mutating func openObject() throws(JSONParseError) -> String? {
    try openObject { (parser) throws(JSONParseError) in try parser.parseString() }
  }

  /// After a member's value: `,` and the next key with its `:`, or nil at the closing `}`.
  mutating func continueObject() throws(JSONParseError) -> String? {
    try continueObject { (parser) throws(JSONParseError) in try parser.parseString() }
  }

  /// As `openObject()`, the key read by `readKey` (which starts at its opening quote).
  mutating func openObject<Key>(_ readKey: (inout JSONParser) throws(JSONParseError) -> Key)
    throws(JSONParseError) -> Key?
  {
    guard try open(closing: UInt8(ascii: "}")) else { return nil }
    return try memberKey(readKey)
  }

  /// As `continueObject()`, the key read by `readKey`.
  mutating func continueObject<Key>(_ readKey: (inout JSONParser) throws(JSONParseError) -> Key)
    throws(JSONParseError) -> Key?
  {
    skipSpace()
    guard try !endOfContainer("}", "expected ',' or '}' in object") else {
      depth -= 1
      return nil
    }
    return try memberKey(readKey)
  }

  /// The error for `key` appearing twice in one object, at the key last read.
  func duplicateKey(_ key: String) -> JSONParseError {
    error("duplicate key \(Excerpt.quoted(key))", at: lastKeyStart)
  }

  private mutating func memberKey<Key>(
    _ readKey: (inout JSONParser) throws(JSONParseError) -> Key
  ) throws(JSONParseError) -> Key {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw error("expected a string key in object")
    }
    lastKeyStart = index
    let key = try readKey(&self)
    skipSpace()
    try expect(":", "expected ':' after object key")
    skipSpace()
    return key
  }

  private mutating func parseArray() throws(JSONParseError) -> JSON {
    var elements: [JSON] = []
    var more = try openArray()
    while more {
      elements.append(try parseValue())
      more = try continueArray()
    }
    return .array(elements)
  }

  /// Consumes `[`; whether an element follows (false for `[]`).
  mutating func openArray() throws(JSONParseError) -> Bool {
    try open(closing: UInt8(ascii: "]"))
  }

  /// Consumes an opening bracket; false when `closing` follows at once (an empty container,
  /// already closed).
  private mutating func open(closing: UInt8) throws(JSONParseError) -> Bool {
    try enter()
    index += 1
    skipSpace()
    guard index < bytes.count, bytes[index] == closing else { return true }
    index += 1
    depth -= 1
    return false
  }

  /// After an element: `,` (another element follows: true) or the closing `]` (false).
  mutating func continueArray() throws(JSONParseError) -> Bool {
    skipSpace()
    guard try !endOfContainer("]", "expected ',' or ']' in array") else {
      depth -= 1
      return false
    }
    skipSpace()
    return true
  }

  /// Consumes ',' (returns false) or the closing bracket (returns true).
  private mutating func endOfContainer(
    _ close: Unicode.Scalar, _ message: String
  ) throws(JSONParseError) -> Bool {
    guard index < bytes.count else { throw error(message) }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return false
    }
    if bytes[index] == UInt8(ascii: close) {
      index += 1
      return true
    }
    throw error(message)
  }

  private mutating func expect(_ char: Unicode.Scalar, _ message: String) throws(JSONParseError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: char) else { throw error(message) }
    index += 1
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes; plain ASCII (most keys and values) needs no UTF-8 validation.
    let plain = bytes.withUnsafeBufferPointer { Self.plainRun($0, from: start) }
    index = plain.end
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      let s =
        plain.isASCII ? ascii(start..<index) : try decodeUTF8(bytes[start..<index], at: start)
      index += 1
      return s
    }
    // The input ends inside the string: the error below, without first copying what the
    // string holds so far (a stream's window is read on and parsed again: issue 29).
    guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
    if bytes[index] < 0x20 { throw error("control character in string") }
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        let s = try decodeUTF8(buffer[...], at: start)
        index += 1
        return s
      }
      if b < 0x20 { throw error("control character in string") }
      if b == UInt8(ascii: "\\") {
        try parseEscape(into: &buffer)
      } else {
        buffer.append(b)
        index += 1
      }
    }
    throw error("unterminated string", at: start - 1)
  }

  /// Checks the string that comes next as `parseString` does (same errors at the same places)
  /// and moves past it, building nothing: skipping a 512 MB string costs no second copy of it.
  mutating func skipString() throws(JSONParseError) {
    index += 1
    let start = index
    var escaped: [UInt8] = []
    // Ill-formed UTF-8 is reported only at the closing quote, as `parseString` finds it.
    var isValid = true
    while true {
      let run = bytes.withUnsafeBufferPointer { Self.plainRun($0, from: index) }
      isValid = isValid && (run.isASCII || Self.isValidUTF8(bytes[index..<run.end]))
      index = run.end
      guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        guard isValid else { throw error("string is not valid UTF-8", at: start) }
        index += 1
        return
      case UInt8(ascii: "\\"):
        escaped.removeAll(keepingCapacity: true)
        try parseEscape(into: &escaped)
      default: throw error("control character in string")
      }
    }
  }

  /// Whether `bytes` are well-formed UTF-8, checked without making a string of them. A run
  /// between escapes is checked alone: an escape is ASCII, so no sequence straddles one.
  private static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// The bytes of the string that comes next: a slice of the input when it is plain ASCII
  /// without escapes (most strings: nothing is copied), else the decoded string's UTF-8;
  /// the checks and errors are `parseString`'s.
  mutating func parseStringBytes() throws(JSONParseError) -> ArraySlice<UInt8> {
    let start = index + 1
    let plain = bytes.withUnsafeBufferPointer { Self.plainRun($0, from: start) }
    guard plain.isASCII, plain.end < bytes.count, bytes[plain.end] == UInt8(ascii: "\"") else {
      return Array(try parseString().utf8)[...]
    }
    index = plain.end + 1
    return bytes[start..<plain.end]
  }

  /// Where the string's bytes from `start` stop being plain (at a quote, a backslash, a
  /// control character or the end), and whether those before are ASCII; scanned in place,
  /// as this runs over nearly every byte of a large input.
  private static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (end: Int, isASCII: Bool)
  {
    var index = start
    var union: UInt8 = 0
    while index < bytes.count {
      let b = bytes[index]
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
      union |= b
      index += 1
    }
    return (index, union < 0x80)
  }

  /// The string of `range`, bytes already known to be ASCII (so valid UTF-8), copied
  /// without checks.
  private func ascii(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(unsafeUninitializedCapacity: range.count) {
        $0.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
      }
    }
  }

  private func decodeUTF8(_ slice: ArraySlice<UInt8>, at position: Int) throws(JSONParseError)
    -> String
  {
    guard let s = String(validating: slice, as: UTF8.self) else {
      throw error("string is not valid UTF-8", at: position)
    }
    return s
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
    index += 1
    guard index < bytes.count else { throw error("unterminated escape") }
    let c = bytes[index]
    index += 1
    switch c {
    case UInt8(ascii: "\""): buffer.append(0x22)
    case UInt8(ascii: "\\"): buffer.append(0x5C)
    case UInt8(ascii: "/"): buffer.append(0x2F)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"): try parseUnicodeEscape(into: &buffer)
    default: throw error("invalid escape \\\(Character(Unicode.Scalar(c)))", at: index - 2)
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexValue(bytes[index]) else {
        throw error("invalid hex digit in \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func parseUnicodeEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
    var code = try parseHex4()
    if (0xD800..<0xDC00).contains(code) {
      guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw error("unpaired surrogate in \\u escape") }
      index += 2
      let low = try parseHex4()
      guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(code) {
      throw error("unpaired surrogate in \\u escape")
    }
    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSON {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try digits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      try digits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .integer(value) }
    guard let value = Double(text) else { throw error("invalid number", at: start) }
    return .number(value)
  }

  private mutating func digits() throws(JSONParseError) {
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

/// Where a parser's window starts in the whole input: its byte offset, its line, and the
/// offset of that line's first byte.
struct SourceOrigin {
  var offset = 0
  var line = 1
  var lineStart = 0
}
