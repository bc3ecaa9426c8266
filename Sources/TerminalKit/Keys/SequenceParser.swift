/// Recognises one token at a position in terminal input: a control byte, a UTF-8 character, or
/// an escape sequence (CSI keys, SS3 keys, SGR and X10 mouse reports, the bracketed-paste
/// start). Stateless; `KeyDecoder` keeps the stream state.
enum SequenceParser {
  /// What one token means.
  enum Token {
    /// A key or mouse event.
    case event(InputEvent)
    /// `ESC [ 200 ~`: the bytes that follow are pasted text.
    case pasteStart
    /// Recognised and consumed, but means nothing (unknown or garbled).
    case nothing
    /// A garbled sequence: what was read is consumed, and the bytes that follow belong to it
    /// until `GarbageEnd` says it ends.
    case garbage(GarbageEnd)
  }

  /// The end-of-paste marker, `ESC [ 201 ~`.
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The token at `index` and its length, or nil when the bytes end in the middle of one and
  /// more may come (`final` false). With `final`, an unfinished token is consumed as `.nothing`
  /// (a lone ESC as the Escape key).
  static func parse(_ bytes: [UInt8], at index: Int, final: Bool) -> (Token, Int)? {
    let byte = bytes[index]
    if byte == 0x1B {
      guard index + 1 < bytes.count else { return final ? (.event(.key(.escape)), 1) : nil }
      switch bytes[index + 1] {
      case UInt8(ascii: "["): return csi(bytes, from: index + 2, final: final)
      case UInt8(ascii: "O"): return ss3(bytes, at: index + 2, final: final)
      default: return (.event(.key(.escape)), 1)
      }
    }
    if let key = KeyDecoder.decodeControl(UInt32(byte)) { return (.event(.key(key)), 1) }
    return utf8(bytes, at: index, final: final)
  }

  /// CSI: ESC [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E).
  private static func csi(_ bytes: [UInt8], from start: Int, final: Bool) -> (Token, Int)? {
    var end = start
    while end < bytes.count, end - start < KeyDecoder.sequenceLimit,
      (0x20...0x3F).contains(bytes[end])
    {
      end += 1
    }
    let length = end - start + 2
    // Absurdly long parameters are garbage, dropped through the final byte like a stray byte.
    if end - start == KeyDecoder.sequenceLimit { return (.garbage(.finalByte), length) }
    guard end < bytes.count else { return final ? (.nothing, length) : nil }
    // ESC starts a new sequence: drop the broken one and decode from there. Any other stray
    // byte garbles it: drop everything up to its final byte, so no part becomes a key.
    if bytes[end] == 0x1B { return (.nothing, length) }
    guard GarbageEnd.finalByte.ends(at: bytes[end]) else { return (.garbage(.finalByte), length) }
    let parameters = bytes[start..<end]
    let finalByte = bytes[end]
    if parameters.first == UInt8(ascii: "<"), !GarbageEnd.mouseReport.ends(at: finalByte) {
      // A mouse report with a stray letter inside: drop it through its real end.
      return (.garbage(.mouseReport), length)
    }
    if parameters.isEmpty, finalByte == UInt8(ascii: "M") {
      return x10Mouse(bytes, from: end + 1, final: final)
    }
    return (csiToken(parameters, finalByte), length + 1)
  }

  private static func csiToken(_ parameters: ArraySlice<UInt8>, _ final: UInt8) -> Token {
    if parameters.first == UInt8(ascii: "<") {
      return sgrMouse(parameters.dropFirst(), released: final == UInt8(ascii: "m"), final)
    }
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map(number)
    if final == UInt8(ascii: "~") {
      if numbers.first == 200 { return .pasteStart }
      return tildeKey(numbers.first ?? nil).map { .event(.key($0)) } ?? .nothing
    }
    return finalKey(final).map { .event(.key($0)) } ?? .nothing
  }

  /// `ESC [ < code ; x ; y M` (press, drag, wheel) or `… m` (release).
  private static func sgrMouse(
    _ parameters: ArraySlice<UInt8>, released: Bool, _ final: UInt8
  ) -> Token {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return .nothing }
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map(number)
    guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2],
      let event = MouseEvent.decode(code: code, x: x, y: y, released: released)
    else { return .nothing }
    return .event(.mouse(event))
  }

  /// `ESC [ M` then three bytes, each value + 32 (terminals without SGR mouse mode).
  private static func x10Mouse(_ bytes: [UInt8], from start: Int, final: Bool) -> (Token, Int)? {
    guard start + 3 <= bytes.count else {
      return final ? (.nothing, bytes.count - start + 3) : nil
    }
    let values = bytes[start..<(start + 3)].map { Int($0) - 32 }
    let event = MouseEvent.decode(code: values[0], x: values[1], y: values[2], released: false)
    return (event.map { .event(.mouse($0)) } ?? .nothing, 6)
  }

  /// SS3: ESC O final (application cursor mode arrows, F1–F4).
  private static func ss3(_ bytes: [UInt8], at index: Int, final: Bool) -> (Token, Int)? {
    guard index < bytes.count else { return final ? (.nothing, 2) : nil }
    if bytes[index] == UInt8(ascii: "M") { return (.event(.key(.enter)), 3) }
    return (finalKey(bytes[index]).map { .event(.key($0)) } ?? .nothing, 3)
  }

  /// A decimal parameter; nil when empty, not a number or absurdly long.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 6 else { return nil }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
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

  /// One UTF-8 encoded character; invalid bytes are skipped one at a time, a character cut at
  /// the end of the input waits for its rest.
  private static func utf8(_ bytes: [UInt8], at index: Int, final: Bool) -> (Token, Int)? {
    let length: Int
    switch bytes[index] {
    case 0x20...0x7E: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.nothing, 1)
    }
    guard index + length <= bytes.count else {
      let continuing = bytes[(index + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
      return final || !continuing ? (.nothing, 1) : nil
    }
    let text = String(validating: bytes[index..<(index + length)], as: UTF8.self)
    guard let character = text?.first, let scalar = character.unicodeScalars.first,
      !(0x80...0x9F).contains(scalar.value)
    else { return (.nothing, 1) }
    return (.event(.key(.character(character))), length)
  }
}

/// Where a garbled escape sequence ends. `KeyDecoder` drops bytes until one of these arrives
/// (consumed with it), an ESC starts a new sequence, or `KeyDecoder.garbageLimit` bytes went,
/// keeping that state across reads so a sequence split anywhere is dropped exactly as it would
/// be in one piece.
enum GarbageEnd: Hashable, Sendable {
  /// A CSI final byte (0x40–0x7E).
  case finalByte
  /// The `M` or `m` that ends an SGR mouse report.
  case mouseReport

  func ends(at byte: UInt8) -> Bool {
    switch self {
    case .finalByte: return (0x40...0x7E).contains(byte)
    case .mouseReport: return byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m")
    }
  }
}
