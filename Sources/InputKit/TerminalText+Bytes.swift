extension TerminalText {
  /// Whether UTF-8 `bytes` (valid, as a Swift string's are) hold no unsafe scalar, 16 bytes at a
  /// time: a frame checks every text it draws, and most of it is printable ASCII and box
  /// drawing, which pass as whole vectors. A byte that can begin an unsafe scalar (a
  /// `candidates` lane) sends only that scalar to the exact per-scalar judgement (`isUnsafe`),
  /// so the answer is the same as judging every scalar; `TerminalTextTests` checks that.
  static func isClean(_ bytes: Span<UInt8>, keepingLineBreaks: Bool) -> Bool {
    var index = 0
    let count = bytes.count
    while true {
      // A vector's lead bytes are judged with the two bytes after each, so 18 must be left.
      while index + 18 <= count {
        guard let lane = firstCandidate(in: bytes, at: index, from: 0) else {
          index += 16
          continue
        }
        guard
          let end = endOfSafeScalar(
            in: bytes, at: index + lane, keepingLineBreaks: keepingLineBreaks)
        else { return false }
        index = end
      }
      guard index < count else { return true }
      if count >= 18 && index + 2 < count {
        // The last whole vector ends 2 bytes before the text: judge its lanes not yet judged.
        let start = count - 18
        guard let lane = firstCandidate(in: bytes, at: start, from: index - start) else {
          index = count - 2
          continue
        }
        index = start + lane
      } else if bytes[index] & 0xC0 == 0x80 {
        // The rest of a scalar whose first byte a vector passed.
        index += 1
        continue
      }
      guard let end = endOfSafeScalar(in: bytes, at: index, keepingLineBreaks: keepingLineBreaks)
      else { return false }
      index = end
    }
  }

  /// The first lane from `lane` of the 16 bytes from `index` that may begin an unsafe scalar
  /// (`candidates`), after two cheaper tests that pass most vectors of a frame whole.
  @inline(__always)
  private static func firstCandidate(in bytes: Span<UInt8>, at index: Int, from lane: Int)
    -> Int?
  {
    let lanes = ByteVector(bytes, at: index)
    if lanes.isPrintableASCII || lanes.isCommon(before: ByteVector(bytes, at: index + 1)) {
      return nil
    }
    return candidates(lanes, bytes, at: index).firstSet(from: lane)
  }

  /// The lanes of `lanes` (the 16 bytes from `index`) that may begin an unsafe scalar: C0
  /// controls (newline and tab too, judged later), DEL, C2 before 80–9F or AD (C1 controls,
  /// the soft hyphen), D8–E1 (the Arabic, Syriac and Mongolian format controls), E2 80/81 before
  /// the bytes of U+200B–U+200F, U+2028–U+202E, U+2060–U+206F but U+2065, EF B7/BB/BF
  /// (U+FDD0–U+FDEF, U+FEFF, U+FFF9–U+FFFF) and every four-byte scalar (tags, noncharacters,
  /// the planes' format controls). Everything `isUnsafe` calls unsafe begins with one of them.
  @inline(__always)
  private static func candidates(_ lanes: ByteVector, _ bytes: Span<UInt8>, at index: Int)
    -> ByteVector
  {
    let byte = lanes.bytes
    let next = ByteVector(bytes, at: index + 1).bytes
    let third = ByteVector(bytes, at: index + 2).bytes
    let controls = byte .< splat(0x20) .| byte .== splat(0x7F)
    var flags = controls .| byte &- splat(0xD8) .< splat(10) .| byte .>= splat(0xF0)
    flags .|= byte .== splat(0xC2) .& (next .< splat(0xA0) .| next .== splat(0xAD))
    let formats = third &- splat(0x8B) .< splat(5) .| third &- splat(0xA8) .< splat(7)
    let invisibles = third &- splat(0xA0) .< splat(16) .& third .!= splat(0xA5)
    flags .|= byte .== splat(0xE2)
      .& (next .== splat(0x80) .& formats .| next .== splat(0x81) .& invisibles)
    flags .|= byte .== splat(0xEF)
      .& (next .== splat(0xB7) .| next .== splat(0xBB) .| next .== splat(0xBF))
    return ByteVector(flags)
  }

  /// The end of the scalar that begins at `index` when it is safe (judged exactly, by
  /// `isUnsafe`), else nil. Kept out of line: inlined, its property lookups' setup would be paid
  /// on every call of `isClean`, and `index` would live in memory for it.
  @inline(never)
  private static func endOfSafeScalar(
    in bytes: Span<UInt8>, at index: Int, keepingLineBreaks: Bool
  ) -> Int? {
    let lead = bytes[index]
    if lead < 0x80 {
      let safe = lead &- 0x20 < 0x5F || (keepingLineBreaks && (lead == 0x0A || lead == 0x09))
      return safe ? index + 1 : nil
    }
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= bytes.count else { return nil }
    var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    guard let scalar = Unicode.Scalar(value), !isUnsafe(scalar, keepingLineBreaks: false)
    else { return nil }
    return index + length
  }
}

/// 16 bytes of a text judged at once. Written so the optimiser makes each step one vector
/// instruction: the bytes are copied lane by lane from a checked slice (one load), constants
/// are whole vectors (`splat`: the vector-and-scalar operators are generic, a loop over lanes),
/// and masks become bytes (0 or FF) before they are reduced (the generic `any(_:)` is a call).
private struct ByteVector {
  let bytes: SIMD16<UInt8>

  @inline(__always)
  init(_ span: Span<UInt8>, at index: Int) {
    let slice = span.extracting(index..<(index + 16))
    var bytes = SIMD16<UInt8>()
    for lane in 0..<16 { bytes[lane] = slice[lane] }
    self.bytes = bytes
  }

  @inline(__always)
  init(_ mask: SIMDMask<SIMD16<Int8>>) {
    bytes = SIMD16<UInt8>().replacing(with: 0xFF, where: mask)
  }

  /// Whether every lane is 20–7E.
  @inline(__always)
  var isPrintableASCII: Bool {
    ByteVector(bytes &- splat(0x20) .>= splat(0x5F)).isZero
  }

  /// Whether every lane is printable ASCII, a continuation byte (its first byte decides), the
  /// first byte of U+00C0–U+05FF or U+3000–U+EFFF, or E2 before 82–BF (U+2080–U+2FFF: arrows,
  /// box drawing, shapes): what a frame holds, none of it unsafe. `next`: the bytes one on.
  @inline(__always)
  func isCommon(before next: ByteVector) -> Bool {
    let ascii = bytes &- splat(0x20) .< splat(0x5F)
    let continuation = bytes &- splat(0x80) .< splat(0x40)
    let letters = bytes &- splat(0xC3) .< splat(0x15) .| bytes &- splat(0xE3) .< splat(0x0C)
    let symbols = bytes .== splat(0xE2) .& next.bytes .>= splat(0x82)
    return ByteVector(.!(ascii .| continuation .| letters .| symbols)).isZero
  }

  /// Whether no lane is set.
  @inline(__always)
  var isZero: Bool {
    var any: UInt8 = 0
    for lane in 0..<16 { any |= bytes[lane] }
    return any == 0
  }

  /// The first lane from `start` that is not zero.
  @inline(__always)
  func firstSet(from start: Int) -> Int? {
    guard !isZero else { return nil }
    return (start..<16).first { bytes[$0] != 0 }
  }
}

/// `byte` in every lane.
@inline(__always)
private func splat(_ byte: UInt8) -> SIMD16<UInt8> {
  SIMD16(repeating: byte)
}
