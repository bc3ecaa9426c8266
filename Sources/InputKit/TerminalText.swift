/// The one rule for outside text on its way to a person: a record's attribute, a token's claim,
/// a scenario's name can hold escape sequences that retitle a window, set the clipboard (OSC 52),
/// erase a line to fake a verdict, or reorder what is read (U+202E). Every exit to a terminal, a
/// clipboard or a text screenshot passes text through `safe`, which shows each such character as
/// a visible escape (`\x1b`, `\u202e`) instead of sending it, and caps quoted excerpts.
public enum TerminalText {
  /// `text` with every unsafe character shown as an escape; with a `limit`, at most that many
  /// characters of it, then "…" and its size in bytes. `keepingLineBreaks` keeps newlines and
  /// tabs (whole reports); otherwise they are shown too (a value quoted on one line).
  /// `wholeBytes` is the size to state when `text` is only the start of a longer value that
  /// was never made a string (`Excerpt.of(utf8:)`); it is then always cut.
  public static func safe(
    _ text: some StringProtocol, limit: Int? = nil, keepingLineBreaks: Bool = false,
    wholeBytes: Int? = nil
  ) -> String {
    if let limit,
      let cut = cutIndex(of: text, limit: limit) ?? (wholeBytes == nil ? nil : text.endIndex)
    {
      let head = escaped(text[..<cut], keepingLineBreaks: keepingLineBreaks)
      return "\(head)… (\(wholeBytes ?? text.utf8.count) bytes)"
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
  /// can skip judging it character by character — what a frame's text and a report nearly
  /// always are. The printable ASCII that leads it is passed over byte by byte; from the first
  /// other byte on, every scalar is judged by the one rule, `isUnsafe`, so this is only a
  /// shortcut to it.
  public static func isClean(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> Bool {
    // 0x20–0x7E wraps to 0x00–0x5E: printable ASCII, the shortcut.
    guard let first = text.utf8.firstIndex(where: { $0 &- 0x20 >= 0x5F }) else { return true }
    return text.unicodeScalars[first...].allSatisfy {
      !isUnsafe($0, keepingLineBreaks: keepingLineBreaks)
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
