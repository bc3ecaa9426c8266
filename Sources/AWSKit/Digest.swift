import COpenSSL

/// SHA-256 and HMAC-SHA256 through OpenSSL's libcrypto, so the signer never carries its own
/// hash code: the two primitives SigV4 is built from, and nothing else.
public enum Digest {
  /// The SHA-256 of `bytes`.
  public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    let contiguous = Array(bytes)
    contiguous.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        _ = SHA256(input.baseAddress, input.count, output.baseAddress)
      }
    }
    return out
  }

  /// The HMAC-SHA256 of `message` under `key`.
  public static func hmacSHA256(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    var length: UInt32 = 0
    let data = Array(message)
    key.withUnsafeBufferPointer { keyBytes in
      data.withUnsafeBufferPointer { input in
        out.withUnsafeMutableBufferPointer { output in
          _ = HMAC(
            EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), input.baseAddress,
            input.count, output.baseAddress, &length)
        }
      }
    }
    return out
  }

  /// Lower-case hexadecimal, as SigV4 writes hashes and signatures.
  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
