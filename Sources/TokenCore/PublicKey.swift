import COpenSSL

/// A P-384 public key: what the stage service holds per public-key ARN to
/// verify key-pair tokens, and what ImportPublicKey accepts (SPKI PEM).
///
/// `@unchecked Sendable`: the wrapped `EVP_PKEY` is never mutated after
/// creation, and OpenSSL 3 allows concurrent use of a key for verification.
public final class PublicKey: @unchecked Sendable {
  let pkey: OpaquePointer

  init(owning pkey: OpaquePointer) { self.pkey = pkey }

  deinit { EVP_PKEY_free(pkey) }

  /// Loads an SPKI PEM (`BEGIN PUBLIC KEY`), as `openssl ec -pubout` writes.
  public convenience init(pem: String) throws(KeyError) {
    let loaded = PEM.reading(pem) { PEM_read_bio_PUBKEY($0, nil, nil, nil) }
    guard let pkey = loaded else {
      throw KeyError(OpenSSLError.message("not an SPKI public key PEM (BEGIN PUBLIC KEY)"))
    }
    guard PEM.isP384(pkey) else {
      EVP_PKEY_free(pkey)
      throw KeyError("the public key is not an EC key on P-384 (secp384r1)")
    }
    self.init(owning: pkey)
  }

  /// SPKI PEM text, for `public.pem` and ImportPublicKey.
  public var pem: String {
    PEM.writing { PEM_write_bio_PUBKEY($0, pkey) } ?? ""
  }

  /// DER-encoded SubjectPublicKeyInfo.
  var derSPKI: [UInt8] { Self.spkiDER(of: pkey) ?? [] }

  /// The DER SubjectPublicKeyInfo of any key (public, or a private key's public half).
  static func spkiDER(of pkey: OpaquePointer) -> [UInt8]? {
    DER.bytes { i2d_PUBKEY(pkey, $0) }
  }

  /// Whether `other` is the same public key (same curve point), whichever object holds it.
  public func isSameKey(as other: PublicKey) -> Bool {
    other === self || derSPKI == other.derSPKI
  }

  /// `SHA256:<base64>` of the DER SPKI (the OpenSSH style), so people can
  /// compare keys by eye without handling key material.
  public var fingerprint: String {
    let der = derSPKI
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    _ = SHA256(der, der.count, &digest)
    return "SHA256:" + Base64URL.encode(digest)
  }

  /// Verifies an ES384 JWS signature: raw 96-byte `r || s` over `message`.
  /// A DER or wrong-length signature is invalid, never reinterpreted.
  public func verify(signature: [UInt8], message: [UInt8]) -> Bool {
    guard let der = ECDSASignature.der(fromRaw: signature) else { return false }
    return verify(der: der, message: message)
  }

  /// Verifies a DER signature with SHA-384: the raw OpenSSL operation that the
  /// benchmark compares full token verification against.
  public func verify(der: [UInt8], message: [UInt8]) -> Bool {
    guard let ctx = EVP_MD_CTX_new() else { return false }
    defer {
      EVP_MD_CTX_free(ctx)
      stagemon_clear_errors()
    }
    guard EVP_DigestVerifyInit(ctx, nil, EVP_sha384(), nil, pkey) == 1 else { return false }
    return EVP_DigestVerify(ctx, der, der.count, message, message.count) == 1
  }
}
