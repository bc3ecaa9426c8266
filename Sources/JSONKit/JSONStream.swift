/// Reads a sequence of JSON texts one piece at a time: a large input (a customer's
/// 126 MiB record of a million events) is walked container by container and its small
/// elements are parsed one by one, so its whole tree never sits in memory. Given its bytes
/// as chunks, only a window of them is held: neither the bytes nor the tree of a 1 GB record
/// sit in memory. The rules and error messages are `JSONParser`'s (line and column in the
/// whole input).
public struct JSONStream {
  private var parser: JSONParser
  /// Gives the input's next bytes, nil at its end; nil once the end was reached (or for a
  /// stream over bytes given whole).
  private var source: (() -> ArraySlice<UInt8>?)?
  /// How many bytes a refill keeps ahead at least.
  private let window: Int
  /// How many bytes the source has yet to give at most, when its size is known: the window
  /// grows straight to that rather than doubling past it.
  private var unread: Int?
  /// The keys of every object opened and not yet closed, innermost last, then sets kept
  /// empty for the next objects: walking a million small objects allocates no key list each.
  private var objects: [KeySet] = []
  /// Per entry of `objects`, the `MemberNames` positions its object has had, as bits.
  private var knownSeen: [UInt64] = []
  /// How many of `objects` are open.
  private var openObjects = 0

  /// A stream over UTF-8 bytes.
  public init(bytes: [UInt8]) {
    parser = JSONParser(bytes: bytes)
    window = 0
  }

  /// A stream over UTF-8 bytes that `next` gives a chunk at a time (nil at the end), holding
  /// about `window` bytes of them (more while one value or key is larger). Values, keys and
  /// UTF-8 sequences may straddle chunks; errors give the line and column in the whole input.
  /// A failure to read is the source's to report: here it is the end of the input.
  /// `size`, when known (a regular file's), is how many bytes the source gives at most: a
  /// value as large as the input then costs at most 1.25 times the input while it is
  /// gathered (`WindowGrowth`), not twice.
  public init(
    chunks next: @escaping () -> ArraySlice<UInt8>?, window: Int = 1 << 20, size: Int? = nil
  ) {
    parser = JSONParser(bytes: [])
    source = next
    self.window = max(1, window)
    unread = size
  }

  /// Skips white space; whether another value starts (false at the end of the input).
  public mutating func hasMore() -> Bool {
    while true {
      parser.skipSpace()
      if parser.index < parser.bytes.count || source == nil {
        return parser.index < parser.bytes.count
      }
      refill()
    }
  }

  /// The first byte of the next value (`{`, `[`, `"` …), nil at the end of the input.
  public mutating func peek() -> UInt8? {
    hasMore() ? parser.bytes[parser.index] : nil
  }

  /// Parses the next value whole.
  public mutating func value() throws(JSONParseError) -> JSON {
    try step { (parser) throws(JSONParseError) in
      parser.skipSpace()
      return try parser.parseValue()
    }
  }

  /// How many bytes of the input the stream holds now (its window).
  var heldBytes: Int { parser.bytes.count }

  /// Checks the next value and drops it, building nothing larger than one of its scalars:
  /// skipping a large member costs no tree.
  public mutating func skipValue() throws(JSONParseError) {
    switch peek() {
    case UInt8(ascii: "{"):
      var key = try beginObject(matching: .none)
      while key != nil {
        try skipValue()
        key = try nextKey(matching: .none)
      }
    case UInt8(ascii: "["):
      var more = try beginArray()
      while more {
        try skipValue()
        more = try nextElement()
      }
    case UInt8(ascii: "\""):
      try step { (parser) throws(JSONParseError) in try parser.skipString() }
    default: _ = try value()
    }
  }

  /// Runs one parser step on the window. A step whose outcome may depend on what lies past
  /// the window's end (it consumed the window to its last byte, or failed near it) is undone
  /// and run again on a window refilled to twice what it held: the answer is the one a whole
  /// input gives, and a value larger than the window costs at most twice its parse.
  private mutating func step<Value>(_ body: (inout JSONParser) throws(JSONParseError) -> Value)
    throws(JSONParseError) -> Value
  {
    while true {
      let start = parser.place
      do {
        let value = try body(&parser)
        if source == nil || parser.index < parser.bytes.count { return value }
      } catch {
        // The parser looks at most a \u escape pair ahead of where it stands when it fails.
        if source == nil || parser.bytes.count - parser.index > 16 { throw error }
      }
      parser.go(back: start)
      refill()
    }
  }

  /// Drops the bytes consumed and reads chunks until the window holds `window` bytes and
  /// twice what it held unconsumed, or the input ends.
  private mutating func refill() {
    guard let next = source else { return }
    parser.dropConsumed(parser.index)
    let target = max(window, 2 * parser.bytes.count + 1)
    let capacity = WindowGrowth.capacity(
      target: target, held: parser.bytes.count, unread: unread, chunk: Self.largestChunk)
    if capacity > parser.bytes.capacity { parser.bytes.reserveCapacity(capacity) }
    while parser.bytes.count < target {
      guard let chunk = next() else {
        source = nil
        return
      }
      parser.bytes.append(contentsOf: chunk)
      unread = unread.map { max(0, $0 - chunk.count) }
    }
  }

  /// The most bytes a source is expected to give at once (`BoundedInput.Chunks`: 64 KiB).
  static let largestChunk = 1 << 16

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
    return try step(read)
  }

  /// Consumes `[` (the next value must be an array); whether an element follows.
  public mutating func beginArray() throws(JSONParseError) -> Bool {
    guard peek() == UInt8(ascii: "[") else { throw parser.error("expected an array") }
    return try step { (parser) throws(JSONParseError) in try parser.openArray() }
  }

  /// After an element: whether another follows (`,`), or false at the closing `]`.
  public mutating func nextElement() throws(JSONParseError) -> Bool {
    try step { (parser) throws(JSONParseError) in try parser.continueArray() }
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
      let key = try step({ (parser) throws(JSONParseError) in
        try parser.openObject { (parser) throws(JSONParseError) in
          names.key(try parser.parseStringBytes())
        }
      })
    else { return nil }
    try open(key, names)
    return key
  }

  /// As `nextKey()`, for an object opened with `beginObject(matching: names)`.
  public mutating func nextKey(matching names: MemberNames) throws(JSONParseError) -> MemberKey? {
    guard openObjects > 0 else { throw parser.error("no object is open") }
    guard
      let key = try step({ (parser) throws(JSONParseError) in
        try parser.continueObject { (parser) throws(JSONParseError) in
          names.key(try parser.parseStringBytes())
        }
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
}
