/// The one rule for outside text on its way to a person: a record's attribute, a token's claim,
/// a scenario's name can hold escape sequences that retitle a window, set the clipboard (OSC 52),
/// erase a line to fake a verdict, or reorder what is read (U+202E). Every exit to a terminal, a
/// clipboard or a text screenshot passes text through `safe`, which shows each such character as
/// a visible escape (`\x1b`, `\u202e`) instead of sending it, and caps quoted excerpts.
public enum TerminalText {
  /// `text` with every unsafe character shown as an escape; with a `limit`, at most that many
  /// characters of it, then "…" and its size in bytes. `keepingLineBreaks` keeps newlines and
  /// tabs (whole reports); otherwise they are shown too (a value quoted on one line).
  public static func safe(
    _ text: some StringProtocol, limit: Int? = nil, keepingLineBreaks: Bool = false
  ) -> String {
    if let limit, let cut = cutIndex(of: text, limit: limit) {
      let head = escaped(text[..<cut], keepingLineBreaks: keepingLineBreaks)
      return "\(head)… (\(text.utf8.count) bytes)"
    }
    return escaped(text, keepingLineBreaks: keepingLineBreaks)
  }

  /// Whether `scalar` must never reach a terminal as itself: C0 controls (newline and tab only
  /// when `keepingLineBreaks`), DEL, C1 controls, line and paragraph separators, format controls
  /// (bidi overrides and isolates, marks, zero-width characters, tags) and noncharacters such as
  /// U+FFFE. Zero-width joiners, which emoji and Indic scripts need, and the tags of a flag are
  /// judged by `isSafe(_:)` for a whole character.
  public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }
    if value < 0x20 { return !(keepingLineBreaks && (value == 0x0A || value == 0x09)) }
    if value < 0xA0 { return true }
    if value < 0x0600 { return value == 0xAD }
    if value == 0x2028 || value == 0x2029 { return true }
    if isNoncharacter(value) { return true }
    return scalar.properties.generalCategory == .format
  }

  /// Whether a character can be sent as it is: every scalar is safe, except that joiners are
  /// allowed inside a character that begins with something visible (👩‍💻), and tags in a flag.
  public static func isSafe(_ character: Character, keepingLineBreaks: Bool = false) -> Bool {
    if character.isASCII {
      // "\r\n" is one character; judge each of its bytes.
      return character.utf8.allSatisfy { byte in
        (byte >= 0x20 && byte < 0x7F) || (keepingLineBreaks && (byte == 0x0A || byte == 0x09))
      }
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return true }
    if isUnsafe(first, keepingLineBreaks: keepingLineBreaks) { return false }
    return scalars.dropFirst().allSatisfy {
      !isUnsafe($0, keepingLineBreaks: keepingLineBreaks) || isJoiner($0, after: first)
    }
  }

  /// How an unsafe scalar is shown: `\x1b` below U+0080, `\u202e` in the BMP, `\U000e0041` above.
  public static func visible(_ scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    if value < 0x80 { return "\\x" + hex(value, digits: 2) }
    if value <= 0xFFFF { return "\\u" + hex(value, digits: 4) }
    return "\\U" + hex(value, digits: 8)
  }

  /// How a screen cell shows an unsafe character in one column: the control pictures ␀…␟ and ␡
  /// for C0 and DEL (␛ for ESC), the replacement character � for the rest.
  public static func picture(of character: Character) -> Character {
    guard let value = character.unicodeScalars.first?.value else { return "\u{FFFD}" }
    if value < 0x20, let scalar = Unicode.Scalar(0x2400 + value) { return Character(scalar) }
    if value == 0x7F { return "\u{2421}" }
    return "\u{FFFD}"
  }

  private static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(text) }
    guard text.contains(where: { !isSafe($0, keepingLineBreaks: keepingLineBreaks) }) else {
      return String(text)
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for character in text {
      if isSafe(character, keepingLineBreaks: keepingLineBreaks) {
        out.append(character)
        continue
      }
      var first: Unicode.Scalar?
      for scalar in character.unicodeScalars {
        let keep =
          !isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks)
          || first.map { isJoiner(scalar, after: $0) } == true
        if first == nil { first = scalar }
        if keep { out.unicodeScalars.append(scalar) } else { out += visible(scalar) }
      }
    }
    return out
  }

  /// The end of the first `limit` characters, or nil when `text` is no longer than that.
  private static func cutIndex(of text: some StringProtocol, limit: Int) -> String.Index? {
    var index = text.startIndex
    var count = 0
    while index < text.endIndex {
      if count >= max(0, limit) { return index }
      index = text.index(after: index)
      count += 1
    }
    return nil
  }

  /// Zero-width (non-)joiners after a visible character (emoji sequences, Indic scripts), and
  /// tag characters only in a subdivision flag (🏴 + tags): tags elsewhere are hidden text.
  private static func isJoiner(_ scalar: Unicode.Scalar, after first: Unicode.Scalar) -> Bool {
    if scalar.value == 0x200C || scalar.value == 0x200D { return true }
    return first.value == 0x1F3F4 && (0xE0020...0xE007F).contains(scalar.value)
  }

  private static func isNoncharacter(_ value: UInt32) -> Bool {
    (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
