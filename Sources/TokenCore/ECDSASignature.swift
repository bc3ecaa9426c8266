import COpenSSL

/// Converts between the JWS form of an ES384 signature (raw 96-byte `r || s`,
/// IEEE P1363) and the DER form OpenSSL signs and verifies with.
enum ECDSASignature {
  /// Bytes of one P-384 scalar.
  static let scalarSize = 48
  /// Bytes of a raw `r || s` signature.
  static let rawSize = 96

  /// DER-encodes a raw signature; `nil` if it is not exactly 96 bytes.
  static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
    guard raw.count == rawSize, let sig = ECDSA_SIG_new() else { return nil }
    defer { ECDSA_SIG_free(sig) }
    let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(scalarSize), nil) }
    let s = raw.withUnsafeBufferPointer {
      BN_bin2bn($0.baseAddress.map { $0 + scalarSize }, Int32(scalarSize), nil)
    }
    guard let r, let s else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    guard ECDSA_SIG_set0(sig, r, s) == 1 else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    return DER.bytes { i2d_ECDSA_SIG(sig, $0) }
  }

  /// Converts a DER signature to raw `r || s`; `nil` if it does not parse or a
  /// scalar does not fit in 48 bytes.
  static func raw(fromDER der: [UInt8]) -> [UInt8]? {
    let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, der.count)
    }
    guard let sig = parsed else { return nil }
    defer { ECDSA_SIG_free(sig) }
    var raw = [UInt8](repeating: 0, count: rawSize)
    let ok = raw.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      return BN_bn2binpad(ECDSA_SIG_get0_r(sig), base, Int32(scalarSize)) == scalarSize
        && BN_bn2binpad(ECDSA_SIG_get0_s(sig), base + scalarSize, Int32(scalarSize)) == scalarSize
    }
    return ok ? raw : nil
  }
}
