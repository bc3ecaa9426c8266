/// Counts the JSON texts in an input given a piece at a time (pasted documents, JSON lines),
/// by a scan of brackets and strings that builds nothing, so a reader can name each text
/// `document N` before parsing a large input once, and reserve room for the objects it
/// lists. Exact for valid input; for invalid input the counts do not matter, as parsing it
/// fails anyway.
public struct JSONTextCounter {
  /// How many texts started so far.
  public private(set) var count = 0
  /// How many objects started so far that are a whole text or an element of an array: the
  /// most events (or participants) a record file can list, so its reader can allocate room
  /// for them once instead of growing to as much as twice that.
  public private(set) var listedObjects = 0
  private var inText = false
  private var depth = 0
  /// Per open container, outermost first, whether it is an array.
  private var arrays: [Bool] = []
  private var strings = JSONStringTracker()

  /// Nothing counted yet.
  public init() {}

  /// Counts on through the next bytes of the input.
  public mutating func take(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes { take(byte) }
  }

  // Inlined into the loop over a chunk: it runs once per byte of a large input, and only
  // brackets reach the container bookkeeping.
  @inline(__always)
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
      if !arrays.isEmpty { arrays.removeAll(keepingCapacity: true) }
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["): open(isArray: byte == UInt8(ascii: "["))
    case UInt8(ascii: "}"), UInt8(ascii: "]"): close()
    case _ where isSpace: if depth == 0 { inText = false }
    case UInt8(ascii: ","), UInt8(ascii: ":"):
      // Outside brackets, a comma or colon ends a bare word and starts another (invalid) text.
      if depth == 0 { count += 1 }
    default: break
    }
  }

  private mutating func open(isArray: Bool) {
    if !isArray, arrays.last ?? true { listedObjects += 1 }
    depth += 1
    arrays.append(isArray)
  }

  private mutating func close() {
    depth -= 1
    _ = arrays.popLast()
    if depth <= 0 { inText = false }
  }
}
