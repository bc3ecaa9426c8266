import COpenSSL

/// SHA-256 and HMAC-SHA256 through OpenSSL's libcrypto, so the signer never carries its own
/// hash code: the two primitives SigV4 is built from. SHA-1 names the IAM Identity Center
/// token cache's files, as botocore names them; it protects nothing.
public enum Digest {
  /// The SHA-256 of `bytes`.
  public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    let contiguous = Array(bytes)
    contiguous.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        _ = stagemon_sha256(input.baseAddress, input.count, output.baseAddress)
      }
    }
    return out
  }

  /// The SHA-1 of `bytes` (for file names the AWS CLI derives with it, never for security).
  public static func sha1(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
    var length: UInt32 = 0
    let contiguous = Array(bytes)
    contiguous.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        _ = EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha1(), nil)
      }
    }
    return out
  }

  /// The HMAC-SHA256 of `message` under `key`.
  public static func hmacSHA256(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    let data = Array(message)
    key.withUnsafeBufferPointer { keyBytes in
      data.withUnsafeBufferPointer { input in
        out.withUnsafeMutableBufferPointer { output in
          _ = stagemon_hmac_sha256(
            keyBytes.baseAddress, Int32(keyBytes.count), input.baseAddress, input.count,
            output.baseAddress)
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
