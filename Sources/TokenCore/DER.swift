import COpenSSL

/// OpenSSL's `i2d_*` convention, written once: asked with no buffer, an encoder returns the
/// length; asked again with a buffer of that length, it writes the DER bytes and advances the
/// cursor. Keys and signatures are both encoded this way.
enum DER {
  /// The bytes `encode` writes, or nil when it reports no length or writes another number of
  /// bytes than it announced.
  static func bytes(
    _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
  ) -> [UInt8]? {
    let length = encode(nil)
    guard length > 0 else { return nil }
    var der = [UInt8](repeating: 0, count: Int(length))
    let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var cursor = buffer.baseAddress
      return encode(&cursor)
    }
    return written == length ? der : nil
  }
}
