/// Base64url without padding (RFC 7515 §2), the encoding of every JWS part.
/// Hand-written over bytes because Foundation's decoder wants padding and the
/// standard alphabet, and token parsing sits on the verification hot path.
public enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  private static let decodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
    return table
  }()

  /// Encodes bytes without padding.
  public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String
  where Bytes.Element == UInt8 {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var iterator = bytes.makeIterator()
    while let b0 = iterator.next() {
      let b1 = iterator.next()
      let b2 = iterator.next()
      out.append(alphabet[Int(b0 >> 2)])
      out.append(alphabet[Int((b0 & 0x03) << 4 | (b1 ?? 0) >> 4)])
      if let b1 { out.append(alphabet[Int((b1 & 0x0F) << 2 | (b2 ?? 0) >> 6)]) }
      if let b2 { out.append(alphabet[Int(b2 & 0x3F)]) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes unpadded base64url; `nil` for any character outside the
  /// alphabet, padding, or an impossible length (4n+1).
  public static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    text.withUnsafeBufferPointer { decode($0) }
  }

  /// Decodes unpadded base64url text.
  public static func decode(_ text: String) -> [UInt8]? {
    decode(Array(text.utf8)[...])
  }

  private static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard text.count % 4 != 1 else { return nil }
    return decodeTable.withUnsafeBufferPointer { table -> [UInt8]? in
      var out = [UInt8]()
      out.reserveCapacity(text.count * 3 / 4)
      var accumulator: UInt32 = 0
      var bits: UInt32 = 0
      for c in text {
        let value = table[Int(c)]
        guard value != 0xFF else { return nil }
        accumulator = (accumulator << 6 | UInt32(value)) & 0xFFFFFF
        bits += 6
        if bits >= 8 {
          bits -= 8
          out.append(UInt8(truncatingIfNeeded: accumulator >> bits))
        }
      }
      // Leftover bits must be zero, or two encodings would decode the same.
      guard accumulator & ((1 << bits) - 1) == 0 else { return nil }
      return out
    }
  }
}
