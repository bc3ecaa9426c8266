/// Turns terminal input into `Key`s. Raw escape-byte decoding lets tests (and any non-curses
/// input path) describe input exactly as a terminal sends it; unknown sequences are dropped, never
/// turned into stray characters.
public enum KeyDecoder {
  /// Decodes a complete buffer of terminal input bytes (UTF-8 text, control bytes and CSI/SS3
  /// escape sequences). A lone ESC at the end is `.escape`; ESC before an ordinary byte (Alt-x)
  /// is `.escape` followed by that key.
  public static func decode(bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let (key, length) = decodeOne(bytes, at: index)
      if let key { keys.append(key) }
      index += max(1, length)
    }
    return keys
  }

  /// Maps one C0 control byte or character code to a key: CR/LF → enter, TAB → tab, BS/DEL →
  /// backspace, ESC → escape, other C0 codes → `.control(letter)`; nil for printable codes.
  static func decodeControl(_ code: UInt32) -> Key? {
    switch code {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x1B: return .escape
    case 0x00: return .control("@")
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
    case 0x1C...0x1F: return .control(Character(Unicode.Scalar(UInt8(code) + 0x40)))
    default: return nil
    }
  }

  private static func decodeOne(_ bytes: [UInt8], at index: Int) -> (Key?, Int) {
    let byte = bytes[index]
    if byte == 0x1B, index + 1 < bytes.count {
      switch bytes[index + 1] {
      case UInt8(ascii: "["): return decodeCSI(bytes, from: index + 2)
      case UInt8(ascii: "O"): return decodeSS3(bytes, at: index + 2)
      default: return (.escape, 1)
      }
    }
    if let key = decodeControl(UInt32(byte)) { return (key, 1) }
    return decodeUTF8(bytes, at: index)
  }

  /// CSI: ESC [ params final. Returns the key (nil if unknown) and bytes consumed including ESC [.
  private static func decodeCSI(_ bytes: [UInt8], from start: Int) -> (Key?, Int) {
    var end = start
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count, (0x40...0x7E).contains(bytes[end]) else {
      return (nil, end - start + 2)
    }
    let params = String(decoding: bytes[start..<end], as: UTF8.self).split(separator: ";")
    let first = params.first.flatMap { Int($0) }
    let consumed = end - start + 3
    if bytes[end] == UInt8(ascii: "~") { return (tildeKey(first), consumed) }
    return (finalKey(bytes[end]), consumed)
  }

  /// SS3: ESC O final (application cursor mode arrows, F1-F4).
  private static func decodeSS3(_ bytes: [UInt8], at index: Int) -> (Key?, Int) {
    guard index < bytes.count else { return (nil, 2) }
    if bytes[index] == UInt8(ascii: "M") { return (.enter, 3) }
    return (finalKey(bytes[index]), 3)
  }

  private static func finalKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final) - 0x4F)
    default: return nil
    }
  }

  private static func tildeKey(_ number: Int?) -> Key? {
    switch number {
    case 1, 7: return .home
    case 4, 8: return .end
    case 3: return .delete
    case 5: return .pageUp
    case 6: return .pageDown
    case .some(let code): return functionKeyCodes[code].map { .function($0) }
    case nil: return nil
    }
  }

  private static let functionKeyCodes: [Int: Int] = [
    11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12,
  ]

  /// One UTF-8 encoded character; invalid or truncated bytes are skipped one at a time.
  private static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (Key?, Int) {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0x20...0x7E: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    guard index + length <= bytes.count else { return (nil, 1) }
    let text = String(validating: bytes[index..<(index + length)], as: UTF8.self)
    guard let character = text?.first else { return (nil, 1) }
    return (decodeScalarCharacter(character), length)
  }

  private static func decodeScalarCharacter(_ character: Character) -> Key? {
    guard let scalar = character.unicodeScalars.first else { return nil }
    return (0x80...0x9F).contains(scalar.value) ? nil : .character(character)
  }
}
