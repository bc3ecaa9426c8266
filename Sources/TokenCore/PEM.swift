import COpenSSL

/// Moves PEM text in and out of OpenSSL memory BIOs, the one place key
/// loading and writing touch raw buffers.
enum PEM {
  /// Runs `body` with a read-only BIO over `text`.
  static func reading<T>(_ text: String, _ body: (OpaquePointer) -> T?) -> T? {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer -> T? in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      return body(bio)
    }
  }

  /// Runs `write` against a fresh memory BIO and returns what it wrote.
  static func writing(_ write: (OpaquePointer) -> Int32) -> String? {
    guard let bio = BIO_new(BIO_s_mem()) else { return nil }
    defer { BIO_free(bio) }
    guard write(bio) == 1 else { return nil }
    var data: UnsafePointer<CChar>?
    let length = stagemon_bio_mem(bio, &data)
    guard let data, length > 0 else { return nil }
    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `key` is an EC key on P-384 — the only curve ES384 allows.
  static func isP384(_ key: OpaquePointer) -> Bool {
    guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { return false }
    var name = [CChar](repeating: 0, count: 64)
    guard stagemon_curve_name(key, &name, name.count) == 1 else { return false }
    let curve = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return curve == "secp384r1" || curve == "P-384"
  }
}
