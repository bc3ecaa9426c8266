import InputKit

/// UTF-16 (PowerShell's records) made UTF-8, the one converter for both reads: a chunk at a
/// time when streamed, all at once in `RecordText.prepared`. A unit or a surrogate pair split
/// between chunks is joined, a leading U+FEFF is dropped, and an unpaired surrogate or an odd
/// byte at the end is invalid (the whole read then says so).
struct UTF16Transcoder {
  let bigEndian: Bool
  private var odd: UInt8?
  private var high: UInt16?
  private var atStart = true
  /// Whether an unpaired surrogate was met.
  private(set) var failed = false

  init(bigEndian: Bool) { self.bigEndian = bigEndian }

  /// Whether everything taken was valid UTF-16 ending on a whole character.
  var isComplete: Bool { !failed && odd == nil && high == nil }

  /// The UTF-8 of the next bytes (a unit they end inside is kept for the next).
  mutating func take(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    if let first = odd, index < bytes.endIndex {
      unit(first, bytes[index], into: &out)
      odd = nil
      index += 1
    }
    while index + 1 < bytes.endIndex {
      unit(bytes[index], bytes[index + 1], into: &out)
      index += 2
    }
    if index < bytes.endIndex { odd = bytes[index] }
    return out
  }

  private mutating func unit(_ a: UInt8, _ b: UInt8, into out: inout [UInt8]) {
    let unit = bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a)
    defer { atStart = false }
    if atStart && unit == 0xFEFF { return }
    if let pending = high {
      high = nil
      guard (0xDC00..<0xE000).contains(unit) else {
        failed = true
        return
      }
      let value = 0x10000 + (UInt32(pending - 0xD800) << 10) + UInt32(unit - 0xDC00)
      Unicode.Scalar(value).map { UTF8.encode($0) { out.append($0) } }
    } else if (0xD800..<0xDC00).contains(unit) {
      high = unit
    } else if let scalar = Unicode.Scalar(unit) {
      UTF8.encode(scalar) { out.append($0) }
    } else {
      failed = true
    }
  }
}

/// A record file's text as UTF-8 chunks for the streamed read: its byte order mark skipped,
/// UTF-16 made UTF-8; nil at the end, on a read failure (`failure`) or at invalid UTF-16
/// (`endedValid` false).
final class RecordChunks {
  private let input: BoundedInput.Chunks
  private var skip: Int
  private var utf16: UTF16Transcoder?

  init(_ input: BoundedInput.Chunks, form: RecordText.StreamForm) {
    self.input = input
    skip = form.mark
    utf16 = form.utf16BigEndian.map { UTF16Transcoder(bigEndian: $0) }
  }

  /// Why the input stopped early, if it did.
  var failure: InputFileError? { input.failure }

  /// How many bytes of UTF-8 the text has at most, when known: a regular UTF-8 file's size
  /// less its byte order mark (nil for UTF-16, whose UTF-8 is of another size, and pipes).
  var size: Int? {
    guard utf16 == nil, let size = input.regularFileSize else { return nil }
    return max(0, size - skip)
  }

  /// Whether the whole text, read to its end, was valid.
  var endedValid: Bool { utf16.map(\.isComplete) ?? true }

  /// The next UTF-8 of the text.
  func next() -> ArraySlice<UInt8>? {
    guard let chunk = input.nextOrEnd() else { return nil }
    let dropped = min(skip, chunk.count)
    skip -= dropped
    guard var transcoder = utf16 else { return chunk.dropFirst(dropped) }
    let text = transcoder.take(chunk.dropFirst(dropped))
    utf16 = transcoder
    return transcoder.failed ? nil : text[...]
  }
}
