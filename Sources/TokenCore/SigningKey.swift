import COpenSSL
import Glibc
import InputKit

/// A P-384 private key: signs key-pair participant tokens the way a
/// customer's server does. Its material is never printed; the only way out
/// is `write(toFile:)`, which creates the file with mode 0600.
///
/// `@unchecked Sendable`: the wrapped `EVP_PKEY` is never mutated after creation.
public final class SigningKey: @unchecked Sendable {
  let pkey: OpaquePointer

  /// The matching public key, to import into a stage's key store.
  public let publicKey: PublicKey

  private init(owning pkey: OpaquePointer) throws(KeyError) {
    self.pkey = pkey
    guard let der = PublicKey.spkiDER(of: pkey), let pub = Self.publicKey(fromDER: der) else {
      throw KeyError(OpenSSLError.message("could not derive the public key"))
    }
    publicKey = pub
  }

  deinit { EVP_PKEY_free(pkey) }

  /// Generates a fresh key pair.
  public static func generate() throws(KeyError) -> SigningKey {
    guard let pkey = stagemon_generate_p384() else {
      throw KeyError(OpenSSLError.message("P-384 key generation failed"))
    }
    return try SigningKey(owning: pkey)
  }

  /// Loads a private key PEM in SEC1 (`BEGIN EC PRIVATE KEY`) or PKCS#8
  /// (`BEGIN PRIVATE KEY`). Encrypted keys are refused rather than prompting.
  public convenience init(pem: String) throws(KeyError) {
    let loaded = PEM.reading(pem) { bio -> OpaquePointer? in
      // An empty passphrase makes OpenSSL fail on encrypted PEM instead of
      // asking on the terminal.
      "".withCString {
        PEM_read_bio_PrivateKey(bio, nil, nil, UnsafeMutableRawPointer(mutating: $0))
      }
    }
    guard let pkey = loaded else {
      throw KeyError(
        OpenSSLError.message(
          "not an unencrypted private key PEM (BEGIN EC PRIVATE KEY or BEGIN PRIVATE KEY)"))
    }
    guard PEM.isP384(pkey) else {
      EVP_PKEY_free(pkey)
      throw KeyError("the private key is not an EC key on P-384 (secp384r1)")
    }
    guard Self.isConsistent(pkey) else {
      EVP_PKEY_free(pkey)
      throw KeyError(
        "inconsistent key: the private scalar does not match the public key stored with it "
          + "(tokens it signed would never verify)")
    }
    try self.init(owning: pkey)
  }

  /// OpenSSL's full key check: the public point is on the curve, the scalar is in range and
  /// the two belong together. A SEC1 or PKCS#8 file carries both halves and nothing else
  /// guarantees they match.
  private static func isConsistent(_ pkey: OpaquePointer) -> Bool {
    guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, pkey, nil) else { return false }
    defer { EVP_PKEY_CTX_free(ctx) }
    let valid = EVP_PKEY_check(ctx) == 1
    stagemon_clear_errors()
    return valid
  }

  private static func publicKey(fromDER der: [UInt8]) -> PublicKey? {
    let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor = buffer.baseAddress
      return d2i_PUBKEY(nil, &cursor, der.count)
    }
    return parsed.map { PublicKey(owning: $0) }
  }

  /// Signs `message` with ECDSA P-384 / SHA-384 and returns raw `r || s`.
  public func sign(_ message: [UInt8]) throws(KeyError) -> [UInt8] {
    guard let ctx = EVP_MD_CTX_new() else { throw KeyError("out of memory") }
    defer { EVP_MD_CTX_free(ctx) }
    var length = 0
    guard EVP_DigestSignInit(ctx, nil, EVP_sha384(), nil, pkey) == 1,
      EVP_DigestSign(ctx, nil, &length, message, message.count) == 1
    else { throw KeyError(OpenSSLError.message("signing failed")) }
    var der = [UInt8](repeating: 0, count: length)
    guard EVP_DigestSign(ctx, &der, &length, message, message.count) == 1,
      let raw = ECDSASignature.raw(fromDER: Array(der.prefix(length)))
    else { throw KeyError(OpenSSLError.message("signing failed")) }
    return raw
  }

  /// PKCS#8 PEM of the private key; internal so nothing can print it by accident.
  func pkcs8PEM() -> String? {
    PEM.writing { PEM_write_bio_PrivateKey($0, pkey, nil, nil, 0, nil, nil) }
  }

  /// Writes the private key as PKCS#8 PEM to a new file with mode 0600, through `SafeFile`:
  /// whole or not at all (never a 0-byte key that blocks a rerun), and never over an existing
  /// file unless `replacing` (the user confirmed), so a key is never lost by accident.
  public func write(toFile path: String, replacing: Bool = false) throws(KeyError) {
    guard let pem = pkcs8PEM() else { throw KeyError(OpenSSLError.message("could not encode key")) }
    do {
      try SafeFile.write(pem, to: path, replacing: replacing, mode: SafeFile.privateMode)
    } catch {
      if error.problem == .exists {
        throw KeyError("\(error.path) already exists; not overwriting a key")
      }
      throw KeyError(error.description)
    }
  }
}
