import InputKit
import JSONKit

/// Reading a record file as a stream: each event is parsed, converted and dropped.
extension RecordSet {
  /// Reads one file's bytes; `file` names it in messages. The file is read as a stream:
  /// each event is parsed, converted and dropped, so a long record's JSON tree never sits
  /// in memory. Errors come in the order a whole-file parse gives them: invalid JSON
  /// anywhere in the file first, then the first unusable record. After an error the set
  /// may hold the file's earlier events; callers stop at the first unusable file.
  public mutating func read(bytes: [UInt8], file: String) throws(RecordError) {
    let text = try RecordText.prepared(bytes, file: file)
    files.append(file)
    var counter = JSONTextCounter()
    counter.take(text[...])
    reserveEvents(counter.listedObjects)
    var stream = RecordStream(json: JSONStream(bytes: text), file: file)
    do {
      try read(&stream, several: counter.count > 1, file: file)
    } catch {
      if let invalid = Self.invalidJSON(text, file: file) { throw invalid }
      throw error
    }
  }

  /// Refuses records without a single event: there is nothing to explain (exit 1), and
  /// "every event reproduced" would be true of nothing.
  public func requireEvents() throws(RecordError) {
    guard events.isEmpty else { return }
    throw RecordError(
      file: files.isEmpty ? "the input" : files.joined(separator: ", "), location: "",
      message: "nothing to explain: the records hold no events (send the "
        + "list-participant-events output of each participant)")
  }

  /// Reads every document of `stream`; `several` when it holds more than one (each is then
  /// named `document N` in messages).
  mutating func read(_ stream: inout RecordStream, several: Bool, file: String)
    throws(RecordError)
  {
    guard stream.hasMore() else {
      throw RecordError(
        file: file, location: "", message: "empty file; expected \(Self.acceptedShapes)")
    }
    var count = 0
    while stream.hasMore() {
      count += 1
      let place = RecordPlace(file: file, path: several ? "document \(count)" : "")
      try streamDocument(&stream, at: place)
    }
  }

  /// The invalid-JSON error of `bytes`, or nil when they parse. Checked by walking them, which
  /// builds no tree: a cut 1 GB paste costs its bytes, not gigabytes of JSON values.
  private static func invalidJSON(_ bytes: [UInt8], file: String) -> RecordError? {
    do {
      var stream = JSONStream(bytes: bytes)
      while stream.hasMore() { try stream.skipValue() }
      return nil
    } catch {
      if let message = RecordText.typographicQuotes(bytes) {
        return RecordError(file: file, location: "", message: message)
      }
      if endsAtTheLastLine(error, bytes), let place = RecordText.truncation(bytes) {
        return RecordError(
          file: file, location: "",
          message: "the file ends inside \(TerminalText.safe(place, limit: 300)): was it cut?"
            + " Ask for the whole output again")
      }
      return invalidJSON(error, file: file)
    }
  }

  /// Whether a parse error is where a cut paste fails: past the last character that is
  /// not a space, or an unterminated string (reported where it opens). A missing comma or
  /// a stray bracket fails earlier, at the character itself.
  private static func endsAtTheLastLine(_ error: JSONParseError, _ bytes: [UInt8]) -> Bool {
    if error.reason == "unterminated string" { return true }
    let end = bytes.lastIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } ?? 0
    var line = 1
    var offset = 0
    while line < error.line, offset < bytes.count {
      if bytes[offset] == 0x0A { line += 1 }
      offset += 1
    }
    return offset + error.column - 1 > end
  }

  static func invalidJSON(_ error: JSONParseError, file: String) -> RecordError {
    RecordError(
      file: file, location: "line \(error.line), column \(error.column)",
      message: "invalid JSON: \(error.reason)")
  }

  /// One document: an `{"events": [...]}` object has its events streamed; the elements
  /// of a top-level array are read one by one; anything else is read whole.
  private mutating func streamDocument(_ stream: inout RecordStream, at place: RecordPlace)
    throws(RecordError)
  {
    switch stream.peek() {
    case UInt8(ascii: "{"):
      var members: [(key: String, value: JSON)] = []
      var hasEvents = false
      var nextToken: String?
      let first = events.count
      var key = try stream.beginObject()
      while let name = key {
        if name == "events" {
          hasEvents = true
          try streamEvents(&stream, at: place.member("events"))
        } else {
          let value = try stream.value()
          if name == "nextToken" { nextToken = value.stringValue }
          if !hasEvents { members.append((name, value)) }
        }
        key = try stream.nextKey()
      }
      if !hasEvents { try readDocument(.object(members), at: place) }
      if hasEvents { notePage(events: first..<events.count, nextToken: nextToken, at: place) }
    case UInt8(ascii: "["):
      try Self.streamElements(&stream, at: place) { (stream, place) throws(RecordError) in
        try readDocument(try stream.value(), at: place)
      }
    default: try readDocument(try stream.value(), at: place)
    }
  }

  /// The `events` member's array, one event at a time, each object's members read straight
  /// from the stream.
  private mutating func streamEvents(_ stream: inout RecordStream, at place: RecordPlace)
    throws(RecordError)
  {
    guard stream.peek() == UInt8(ascii: "[") else {
      try readEvents(try stream.value(), at: place)
      return
    }
    try Self.streamElements(&stream, at: place) { (stream, place) throws(RecordError) in
      try readEvent(try EventFields.next(in: &stream), at: place)
    }
  }

  /// Walks the elements of the array that comes next one at a time: `read` reads each from
  /// the stream, given its place.
  private static func streamElements(
    _ stream: inout RecordStream, at place: RecordPlace,
    _ read: (inout RecordStream, RecordPlace) throws(RecordError) -> Void
  ) throws(RecordError) {
    var more = try stream.beginArray()
    var index = 0
    while more {
      try read(&stream, place.index(index))
      index += 1
      more = try stream.nextElement()
    }
  }
}

/// A `JSONStream` over one record file whose JSON errors name the file, line and column,
/// as the reader's other errors name the file and position.
struct RecordStream {
  private var json: JSONStream
  let file: String

  init(json: JSONStream, file: String) {
    self.json = json
    self.file = file
  }

  mutating func hasMore() -> Bool { json.hasMore() }

  mutating func peek() -> UInt8? { json.peek() }

  mutating func value() throws(RecordError) -> JSON {
    try step { (json) throws(JSONParseError) in try json.value() }
  }

  /// Checks the next value and drops it, building no string of it.
  mutating func skipValue() throws(RecordError) {
    try step { (json) throws(JSONParseError) in try json.skipValue() }
  }

  mutating func string() throws(RecordError) -> String? {
    try step { (json) throws(JSONParseError) in try json.string() }
  }

  mutating func stringBytes() throws(RecordError) -> ArraySlice<UInt8>? {
    try step { (json) throws(JSONParseError) in try json.stringBytes() }
  }

  mutating func beginArray() throws(RecordError) -> Bool {
    try step { (json) throws(JSONParseError) in try json.beginArray() }
  }

  mutating func nextElement() throws(RecordError) -> Bool {
    try step { (json) throws(JSONParseError) in try json.nextElement() }
  }

  mutating func beginObject() throws(RecordError) -> String? {
    try step { (json) throws(JSONParseError) in try json.beginObject() }
  }

  mutating func nextKey() throws(RecordError) -> String? {
    try step { (json) throws(JSONParseError) in try json.nextKey() }
  }

  mutating func beginObject(matching names: MemberNames) throws(RecordError) -> MemberKey? {
    try step { (json) throws(JSONParseError) in try json.beginObject(matching: names) }
  }

  mutating func nextKey(matching names: MemberNames) throws(RecordError) -> MemberKey? {
    try step { (json) throws(JSONParseError) in try json.nextKey(matching: names) }
  }

  private mutating func step<T>(_ body: (inout JSONStream) throws(JSONParseError) -> T)
    throws(RecordError) -> T
  {
    do {
      return try body(&json)
    } catch {
      throw RecordSet.invalidJSON(error, file: file)
    }
  }
}
