/// Strict UTF-8 decoding for files people write: the first invalid byte is reported with its
/// offset, line and column, so the author can find it (a replacement character would hide it).
public enum UTF8Text {
  /// `bytes` as a string, or where the first invalid byte is.
  public static func decode(_ bytes: [UInt8]) throws(UTF8TextError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    throw firstError(in: bytes)
  }

  private static func firstError(in bytes: [UInt8]) -> UTF8TextError {
    var line = 1
    var lineStart = 0
    var offset = 0
    while offset < bytes.count {
      let length = validSequenceLength(bytes, at: offset)
      guard length > 0 else {
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return UTF8TextError(byte: bytes[offset], offset: offset, line: line, column: column)
      }
      if bytes[offset] == 0x0A {
        line += 1
        lineStart = offset + 1
      }
      offset += length
    }
    return UTF8TextError(byte: 0, offset: bytes.count, line: line, column: 1)
  }

  /// Length of the valid UTF-8 sequence starting at `offset`, or 0 when it is invalid.
  private static func validSequenceLength(_ bytes: [UInt8], at offset: Int) -> Int {
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard offset + length <= bytes.count,
      String(validating: bytes[offset..<(offset + length)], as: UTF8.self) != nil
    else { return 0 }
    return length
  }
}

/// Where text stops being UTF-8.
public struct UTF8TextError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first byte that does not begin (or continue) a valid UTF-8 sequence.
  public let byte: UInt8
  /// Its offset from the start, counting from 0.
  public let offset: Int
  /// Its line, counting from 1.
  public let line: Int
  /// Its column in characters, counting from 1.
  public let column: Int

  /// "not UTF-8 text: byte 0xFF at offset 12 (line 2, column 5)".
  public var description: String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "not UTF-8 text: byte 0x\(hex.count == 1 ? "0" : "")\(hex) at offset \(offset) "
      + "(line \(line), column \(column))"
  }
}
