import CNcursesw

extension KeyDecoder {
  /// Decodes a `wget_wch` result that returned `KEY_CODE_YES` (a curses KEY_* code). Returns nil
  /// for keys the UI has no use for (Insert, keypad centre, mouse...).
  public static func decode(cursesKeyCode code: Int32) -> Key? {
    if code >= stagemon_key_f(1), code <= stagemon_key_f(63) {
      return .function(Int(code - stagemon_key_f(0)))
    }
    return cursesKeys[code]
  }

  /// Decodes a `wget_wch` result that returned `OK` (a wide character): control codes become
  /// their keys, anything else a `.character`.
  public static func decode(cursesCharacter code: UInt32) -> Key? {
    if let key = decodeControl(code) { return key }
    guard let scalar = Unicode.Scalar(code), !(0x80...0x9F).contains(code) else { return nil }
    return .character(Character(scalar))
  }

  private static let cursesKeys: [Int32: Key] = [
    KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_PPAGE: .pageUp,
    KEY_NPAGE: .pageDown, KEY_HOME: .home, KEY_END: .end, KEY_ENTER: .enter, KEY_BTAB: .backTab,
    KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_RESIZE: .resize,
  ]
}
