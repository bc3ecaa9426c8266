/// Counts the JSON texts in an input given a piece at a time (pasted documents, JSON lines),
/// by a scan of brackets and strings that builds nothing, so a reader can name each text
/// `document N` before parsing a large input once. Exact for valid input; for invalid input
/// the count does not matter, as parsing it fails anyway.
public struct JSONTextCounter {
  /// How many texts started so far.
  public private(set) var count = 0
  private var inText = false
  private var depth = 0
  private var strings = JSONStringTracker()

  /// Nothing counted yet.
  public init() {}

  /// Counts on through the next bytes of the input.
  public mutating func take(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes { take(byte) }
  }

  private mutating func take(_ byte: UInt8) {
    switch strings.take(byte) {
    case .string: return
    case .stringEnd:
      if depth == 0 { inText = false }
      return
    case .structure: break
    }
    let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    if !inText {
      if isSpace { return }
      count += 1
      inText = true
      depth = 0
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      depth -= 1
      if depth <= 0 { inText = false }
    case _ where isSpace: if depth == 0 { inText = false }
    case UInt8(ascii: ","), UInt8(ascii: ":"):
      // Outside brackets, a comma or colon ends a bare word and starts another (invalid) text.
      if depth == 0 { count += 1 }
    default: break
    }
  }
}
