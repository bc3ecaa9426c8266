/// A place in a JSON text as editors and compilers name it, 1-based (`file:line:column`), so
/// a report about a scenario's step can be clicked through to the step itself.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// 1-based line.
  public let line: Int
  /// 1-based column, in bytes from the start of the line (as parse errors count it).
  public let column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `LINE:COLUMN`.
  public var description: String { "\(line):\(column)" }
}

extension JSONParser {
  /// Where each element of the array member `key` of the top-level object starts, in order
  /// (`steps` of a scenario): what a report needs to name a step by line and column. Reads
  /// the text with the parser's own rules and keeps no values; text the parser refuses, or
  /// without such a member, gives no positions.
  public static func elementPositions(ofMember key: String, in bytes: [UInt8])
    -> [SourcePosition]
  {
    var parser = JSONParser(bytes: bytes)
    guard let offsets = try? parser.elementOffsets(ofMember: key) else { return [] }
    return positions(of: offsets, in: bytes)
  }

  /// Where the value of member `key` of the top-level object starts (a scenario's `asOf`), or
  /// nil when the text has no such member or the parser refuses it.
  public static func valuePosition(ofMember key: String, in bytes: [UInt8]) -> SourcePosition? {
    var parser = JSONParser(bytes: bytes)
    guard let offset = try? parser.valueOffset(ofMember: key) else { return nil }
    return positions(of: [offset], in: bytes).first
  }

  private mutating func valueOffset(ofMember key: String) throws(JSONParseError) -> Int? {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    var name = try openObject()
    while let member = name {
      if member == key { return index }
      _ = try parseValue()
      name = try continueObject()
    }
    return nil
  }

  private mutating func elementOffsets(ofMember key: String) throws(JSONParseError) -> [Int] {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return [] }
    var name = try openObject()
    while let member = name {
      if member == key, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
        var offsets: [Int] = []
        var more = try openArray()
        while more {
          offsets.append(index)
          _ = try parseValue()
          more = try continueArray()
        }
        return offsets
      }
      _ = try parseValue()
      name = try continueObject()
    }
    return []
  }

  /// Byte offsets (ascending) as lines and columns, in one pass over the text.
  private static func positions(of offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
    var result: [SourcePosition] = []
    result.reserveCapacity(offsets.count)
    var line = 1
    var lineStart = 0
    var scanned = 0
    for offset in offsets {
      while scanned < offset {
        if bytes[scanned] == UInt8(ascii: "\n") {
          line += 1
          lineStart = scanned + 1
        }
        scanned += 1
      }
      result.append(SourcePosition(line: line, column: offset - lineStart + 1))
    }
    return result
  }
}
