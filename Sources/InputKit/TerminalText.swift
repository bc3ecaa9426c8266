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
  /// (Unicode category Cf: bidi overrides and isolates, marks, zero-width characters, tags) and
  /// noncharacters such as U+FFFE. Zero-width joiners, which emoji and Indic scripts need, and
  /// the tags of a flag are allowed after a visible character (`isSafe(_:)`, `safe`).
  public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }
    if value < 0x20 { return !(keepingLineBreaks && (value == 0x0A || value == 0x09)) }
    if value < 0xA0 { return true }
    if value < 0x0600 { return value == 0xAD }
    if value < 0x10000 { return isUnsafeInBMP(value) }
    return value & 0xFFFE == 0xFFFE || scalar.properties.generalCategory == .format
  }

  /// Whether a character can be sent as it is: every scalar is safe, except that joiners are
  /// allowed inside a character that begins with something visible (👩‍💻), and tags in a flag.
  public static func isSafe(_ character: Character, keepingLineBreaks: Bool = false) -> Bool {
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first {
      if byte >= 0x20 && byte < 0x7F { return true }
      return keepingLineBreaks && (byte == 0x0A || byte == 0x09)
    }
    // "\r\n" is one character of two scalars; each scalar is judged.
    var first: Unicode.Scalar?
    for scalar in character.unicodeScalars {
      let unsafe = isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks)
      guard let start = first else {
        if unsafe { return false }
        first = scalar
        continue
      }
      if unsafe && !isJoiner(scalar, after: start) { return false }
    }
    return true
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
    // Reports are long and nearly always clean: decide from the bytes first.
    if isClean(text, keepingLineBreaks: keepingLineBreaks) { return String(text) }
    var out = String.UnicodeScalarView()
    var changed = false
    // The scalar that began the current character when it was visible (joiners may follow it).
    var visibleStart: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      if !isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks) {
        out.append(scalar)
        if scalar.value == 0x0A || scalar.value == 0x09 {
          visibleStart = nil
        } else if visibleStart == nil || !isExtending(scalar) {
          visibleStart = scalar
        }
      } else if let start = visibleStart, isJoiner(scalar, after: start) {
        out.append(scalar)
      } else {
        out.append(contentsOf: visible(scalar).unicodeScalars)
        visibleStart = nil
        changed = true
      }
    }
    return changed ? String(out) : String(text)
  }

  /// Whether `text` holds no unsafe scalar at all (a joiner counts as unsafe here), so a caller
  /// can skip judging it character by character — what a frame's text nearly always is.
  public static func isClean(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> Bool {
    let clean = text.utf8.withContiguousStorageIfAvailable {
      isClean($0, keepingLineBreaks: keepingLineBreaks)
    }
    return clean
      ?? text.unicodeScalars.allSatisfy { !isUnsafe($0, keepingLineBreaks: keepingLineBreaks) }
  }

  /// `isClean` for a `String`, what frames and reports nearly always pass: its bytes are read
  /// in place, without the generic overload's indirection (a frame checks dozens of texts).
  public static func isClean(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
    let clean = text.utf8.withContiguousStorageIfAvailable {
      isClean($0, keepingLineBreaks: keepingLineBreaks)
    }
    return clean
      ?? text.unicodeScalars.allSatisfy { !isUnsafe($0, keepingLineBreaks: keepingLineBreaks) }
  }

  /// Whether UTF-8 `bytes` (valid, as a Swift string's are) hold no unsafe scalar. Printable
  /// ASCII passes with one comparison a byte, and so do the multi-byte sequences whose first
  /// bytes already rule out every unsafe scalar (`isSafePrefix`: box drawing, most letters);
  /// only the rest are decoded and judged by `isUnsafe`.
  private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool)
    -> Bool
  {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead &- 0x20 < 0x5F {
        // Printable ASCII comes in runs: judge the rest of the run 8 bytes at a time.
        index += 1
        while index + 8 <= count, isPrintableASCII(word(of: bytes, at: index)) { index += 8 }
        continue
      }
      if lead < 0x80 {
        guard keepingLineBreaks && (lead == 0x0A || lead == 0x09) else { return false }
        index += 1
        continue
      }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard index + length <= count else { return false }
      if !isSafePrefix(lead, bytes[index + 1], bytes[index + 2]) {
        var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), !isUnsafe(scalar, keepingLineBreaks: false)
        else { return false }
      }
      index += length
    }
    return true
  }

  /// The 8 bytes from `index` as one little-endian word (the compiler makes it one load).
  private static func word(of bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    var word: UInt64 = 0
    for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (offset * 8) }
    return word
  }

  /// Whether each byte of `word` is printable ASCII (0x20–0x7E): no high bit, none below 0x20
  /// and none equal to 0x7F, judged for the 8 at once.
  private static func isPrintableASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below = (word &- ones &* 0x20) & ~word & highs
    let delete = word ^ (ones &* 0x7F)
    let deletes = (delete &- ones) & ~delete & highs
    return (word & highs) | below | deletes == 0
  }

  /// Whether the scalar whose UTF-8 begins with `lead`, `second`, `third` is safe without
  /// decoding it: two-byte scalars U+00A0–U+05FF but U+00AD, and three-byte scalars
  /// U+2000–U+CFFF but the format controls of `isUnsafeInBMP` there (U+200B–U+200F,
  /// U+2028–U+202E, U+2060–U+2064, U+2066–U+206F). `third` is read only for three-byte ones.
  private static func isSafePrefix(
    _ lead: UInt8, _ second: UInt8, _ third: @autoclosure () -> UInt8
  )
    -> Bool
  {
    switch lead {
    case 0xC2: return second >= 0xA0 && second != 0xAD
    case 0xC3...0xD7: return true
    case 0xE2:
      if second >= 0x82 { return true }
      let low = third()
      if second == 0x80 { return !(0x8B...0x8F).contains(low) && !(0xA8...0xAE).contains(low) }
      return !(0xA0...0xAF).contains(low) || low == 0xA5
    case 0xE3...0xEC: return true
    default: return false
    }
  }

  /// Marks and variation selectors, which stay in the character before them.
  private static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x0300 else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: return true
    default: return (0x1F3FB...0x1F3FF).contains(scalar.value)
    }
  }

  /// The BMP's format controls and noncharacters, from a table: the property lookup costs more
  /// than a frame can spend on every character.
  private static func isUnsafeInBMP(_ value: UInt32) -> Bool {
    switch value {
    case 0x0600...0x0605, 0x061C, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x180E: return true
    case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F: return true
    case 0xFDD0...0xFDEF, 0xFEFF, 0xFFF9...0xFFFB, 0xFFFE, 0xFFFF: return true
    default: return false
    }
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

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
