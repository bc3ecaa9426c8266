/// Reads a sequence of JSON texts one piece at a time: a large input (a customer's
/// 126 MiB record of a million events) is walked container by container and its small
/// elements are parsed one by one, so its whole tree never sits in memory. The rules and
/// error messages are `JSONParser`'s (line and column in the whole input).
public struct JSONStream {
  private var parser: JSONParser
  /// The keys of every object opened and not yet closed, innermost last, then sets kept
  /// empty for the next objects: walking a million small objects allocates no key list each.
  private var objects: [KeySet] = []
  /// Per entry of `objects`, the `MemberNames` positions its object has had, as bits.
  private var knownSeen: [UInt64] = []
  /// How many of `objects` are open.
  private var openObjects = 0

  /// A stream over UTF-8 bytes.
  public init(bytes: [UInt8]) { parser = JSONParser(bytes: bytes) }

  /// Skips white space; whether another value starts (false at the end of the input).
  public mutating func hasMore() -> Bool {
    parser.skipSpace()
    return parser.index < parser.bytes.count
  }

  /// The first byte of the next value (`{`, `[`, `"` …), nil at the end of the input.
  public mutating func peek() -> UInt8? {
    hasMore() ? parser.bytes[parser.index] : nil
  }

  /// Parses the next value whole.
  public mutating func value() throws(JSONParseError) -> JSON {
    parser.skipSpace()
    return try parser.parseValue()
  }

  /// The next value if it is a string; any other value is parsed (so checked) and dropped,
  /// giving nil. Reading the string members of many small objects this way builds no
  /// `JSON` value per object.
  public mutating func string() throws(JSONParseError) -> String? {
    try ifString { (parser) throws(JSONParseError) in try parser.parseString() }
  }

  /// As `string()`, the string's UTF-8 bytes: a slice of the input when the string has no
  /// escapes, so reading a string that is only looked at (a timestamp, a known name)
  /// allocates nothing.
  public mutating func stringBytes() throws(JSONParseError) -> ArraySlice<UInt8>? {
    try ifString { (parser) throws(JSONParseError) in try parser.parseStringBytes() }
  }

  /// `read` of the next value if it is a string; any other value is parsed and dropped.
  private mutating func ifString<Value>(
    _ read: (inout JSONParser) throws(JSONParseError) -> Value
  ) throws(JSONParseError) -> Value? {
    guard peek() == UInt8(ascii: "\"") else {
      _ = try value()
      return nil
    }
    return try read(&parser)
  }

  /// Consumes `[` (the next value must be an array); whether an element follows.
  public mutating func beginArray() throws(JSONParseError) -> Bool {
    guard peek() == UInt8(ascii: "[") else { throw parser.error("expected an array") }
    return try parser.openArray()
  }

  /// After an element: whether another follows (`,`), or false at the closing `]`.
  public mutating func nextElement() throws(JSONParseError) -> Bool {
    try parser.continueArray()
  }

  /// Consumes `{` (the next value must be an object) and its first key with the `:`;
  /// nil for an empty object.
  public mutating func beginObject() throws(JSONParseError) -> String? {
    try beginObject(matching: .none)?.name(in: .none)
  }

  /// After a member's value: the next key (its `:` consumed), or nil at the closing `}`.
  public mutating func nextKey() throws(JSONParseError) -> String? {
    try nextKey(matching: .none)?.name(in: .none)
  }

  /// As `beginObject()`, for an object whose keys are mostly `names`: those are matched
  /// by their bytes, so reading a million small objects of one shape makes no string per
  /// key. The object's later keys come from `nextKey(matching:)` with the same names.
  public mutating func beginObject(matching names: MemberNames) throws(JSONParseError)
    -> MemberKey?
  {
    guard peek() == UInt8(ascii: "{") else { throw parser.error("expected an object") }
    guard
      let key = try parser.openObject({ (parser) throws(JSONParseError) in
        names.key(try parser.parseStringBytes())
      })
    else { return nil }
    try open(key, names)
    return key
  }

  /// As `nextKey()`, for an object opened with `beginObject(matching: names)`.
  public mutating func nextKey(matching names: MemberNames) throws(JSONParseError) -> MemberKey? {
    guard openObjects > 0 else { throw parser.error("no object is open") }
    guard
      let key = try parser.continueObject({ (parser) throws(JSONParseError) in
        names.key(try parser.parseStringBytes())
      })
    else {
      openObjects -= 1
      return nil
    }
    try note(key, names)
    return key
  }

  /// Starts the keys of a newly opened object with its first, `key`.
  private mutating func open(_ key: MemberKey, _ names: MemberNames) throws(JSONParseError) {
    if openObjects == objects.count {
      objects.append(KeySet())
      knownSeen.append(0)
    } else {
      objects[openObjects].removeAll()
      knownSeen[openObjects] = 0
    }
    openObjects += 1
    try note(key, names)
  }

  /// Adds `key` to the innermost open object's keys; a key it already has is an error.
  private mutating func note(_ key: MemberKey, _ names: MemberNames) throws(JSONParseError) {
    let level = openObjects - 1
    switch key {
    case .known(let position):
      let bit = UInt64(1) << UInt64(position)
      guard knownSeen[level] & bit == 0 else { throw parser.duplicateKey(key.name(in: names)) }
      knownSeen[level] |= bit
    case .other(let key):
      guard objects[level].insert(key) else { throw parser.duplicateKey(key) }
    }
  }

  /// Whether `bytes` hold more than one JSON text (pasted documents, JSON lines): a
  /// quick scan of brackets and strings that builds nothing. Exact for valid input;
  /// for invalid input the answer does not matter, as parsing it fails anyway.
  public static func holdsSeveralTexts(_ bytes: [UInt8]) -> Bool {
    var index = skippingSpace(bytes, from: 0)
    guard index < bytes.count else { return false }
    index = endOfText(bytes, from: index)
    return skippingSpace(bytes, from: index) < bytes.count
  }

  private static func skippingSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index
  }

  /// The index after the text starting at `start`: a bracketed container, a string, or a
  /// bare word (number or literal).
  private static func endOfText(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return index }
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"):
        if depth == 0 { return index - 1 }
      default: break
      }
    }
    return index
  }
}
