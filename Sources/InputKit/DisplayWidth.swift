/// Terminal column widths of graphemes and strings, so layouts line up with what the terminal
/// draws: East Asian wide and emoji graphemes take 2 columns, combining marks and zero-width
/// format characters that belong to a visible character take none, and characters
/// `TerminalText` calls unsafe (controls, bidi overrides…) are shown as one replacement column.
public enum DisplayWidth {
  /// Columns the grapheme occupies on screen (0, 1 or 2).
  public static func of(_ character: Character) -> Int {
    of(character, knownSafe: false)
  }

  /// `of(_:)`, without judging the character again when it comes from a text
  /// `TerminalText.isClean` passed (what `CellGrid` draws nearly always is).
  public static func of(_ character: Character, knownSafe: Bool) -> Int {
    // Every ASCII character (controls show as a picture) takes one column; the
    // Unicode property lookups below are the cost of a frame otherwise.
    if character.isASCII { return 1 }
    let scalars = character.unicodeScalars
    if let first = scalars.first, isPlainNarrow(first), scalars.count == 1 { return 1 }
    return ruledWidth(character, knownSafe: knownSafe)
  }

  /// `of(_:knownSafe:)` by the rules alone, without the plain narrow shortcut: what that
  /// shortcut is tested against.
  static func ruledWidth(_ character: Character, knownSafe: Bool) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if !knownSafe && !TerminalText.isSafe(character) { return 1 }
    if scalars.count > maximumScalarsPerCell, let drawn = cellSymbol(character).first {
      return of(drawn, knownSafe: true)
    }
    if scalars.allSatisfy(isZeroWidth) { return 0 }
    if isWide(first) || first.properties.isEmojiPresentation { return 2 }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    return 1
  }

  /// Columns of `text` when every scalar in it is plain narrow (`isPlainNarrow`): each is then a
  /// grapheme of its own, one column wide and safe to show, so a grid can store it without
  /// grapheme breaking or property lookups. Nil when any scalar needs the full rules.
  /// Inlinable, so `CellGrid.put` (every text of a frame) gets it compiled for `String`, not
  /// the generic form's witness call per byte (half of a frame's instructions went there).
  @inlinable
  public static func plainNarrowColumns(_ text: some StringProtocol) -> Int? {
    var ascii = true
    for byte in text.utf8 {
      guard byte < 0x80 else {
        ascii = false
        break
      }
      guard byte >= 0x20 && byte < 0x7F else { return nil }
    }
    if ascii { return text.utf8.count }
    var count = 0
    for scalar in text.unicodeScalars {
      guard isPlainNarrow(scalar) else { return nil }
      count += 1
    }
    return count
  }

  /// Whether `scalar` is one a frame is mostly made of — printable ASCII, Latin letters,
  /// punctuation (— … ·), arrows, mathematical operators (≈ ≠), box drawing and geometric
  /// shapes (▶ ▪): one column, safe, never joining a neighbour into one grapheme, and without
  /// an emoji presentation. `DisplayWidthTests` checks each against the full rules.
  @inlinable
  public static func isPlainNarrow(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 }
    return plainNarrowRanges.contains { $0.contains(value) }
  }

  /// The ranges of `isPlainNarrow` beyond ASCII.
  @usableFromInline static let plainNarrowRanges: [ClosedRange<UInt32>] = [
    0x00A0...0x00AC, 0x00AE...0x02FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x22FF,
    0x2500...0x25FC,
  ]

  /// Most scalars one cell carries: curses' `setcchar` sends a base and a few combining marks,
  /// so a longer grapheme (a 3,001-emoji ZWJ chain, a letter with 20,000 marks) would reach the
  /// terminal cut at an arbitrary point and draw wider or narrower than measured.
  public static let maximumScalarsPerCell = 4

  /// What a cell draws for `character`: itself when it fits in a cell, else its first scalars up
  /// to the first joiner (the first emoji of a ZWJ chain, a letter and its first marks), which
  /// `of(_:)` measures — so rows stay aligned whatever a grapheme holds.
  public static func cellSymbol(_ character: Character) -> String {
    let scalars = character.unicodeScalars
    guard scalars.count > maximumScalarsPerCell else { return String(character) }
    var kept = String.UnicodeScalarView()
    for scalar in scalars.prefix(maximumScalarsPerCell) {
      if scalar.value == 0x200D { break }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// Columns the whole string occupies on screen.
  public static func of(_ text: some StringProtocol) -> Int {
    plainNarrowColumns(text) ?? text.reduce(0) { $0 + of($1) }
  }

  /// Whether `text` takes at most `columns` columns. Stops at the first character past the
  /// limit, so drawing a clipped 64 KB input line costs what fits on screen, not its length.
  public static func fits(_ text: some StringProtocol, within columns: Int) -> Bool {
    fits(text, within: columns, knownSafe: false)
  }

  /// `fits(_:within:)` for a text `TerminalText.isClean` passed.
  public static func fits(_ text: some StringProtocol, within columns: Int, knownSafe: Bool) -> Bool
  {
    var used = 0
    for character in text {
      used += of(character, knownSafe: knownSafe)
      if used > columns { return false }
    }
    return true
  }

  /// The longest end of `text` that fits in `columns` columns, and whether anything before it
  /// was left out. Walks back from the end only as far as what fits: the cost of showing the
  /// end of a long input line, whatever its length.
  public static func tail(of text: String, fitting columns: Int) -> (text: Substring, cut: Bool) {
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let before = text.index(before: start)
      let size = of(text[before])
      if used + size > columns { return (text[start...], true) }
      used += size
      start = before
    }
    return (text[...], false)
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    case .format: return scalar.value != 0x00AD
    default: break
    }
    return (0xFE00...0xFE0F).contains(scalar.value) || (0x1160...0x11FF).contains(scalar.value)
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
    0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    wideRanges.contains { $0.contains(scalar.value) }
  }
}
