import IVSRules

/// The stage service's imported public keys, by public-key ARN. Verifying a
/// token against it is how the service decides whether to trust a key-pair
/// token (SPEC §1.3); IVS allows three keys per region.
public struct KeyStore: Sendable {
  /// IVS's quota of imported public keys per region (the rule book's `keys.per-region`).
  public static let maximumKeys = RuleBook.ivs.latest.decide(.publicKeysPerRegion).outcome

  private var keys: [(arn: String, key: PublicKey)] = []

  /// An empty store.
  public init() {}

  /// The imported ARNs, in import order.
  public var arns: [String] { keys.map(\.arn) }

  /// Imports a key; fails for a malformed ARN, a duplicate ARN or a full store.
  public mutating func add(_ key: PublicKey, arn: String) throws(KeyError) {
    guard ARN.isPublicKey(arn) else {
      throw KeyError(
        "\"\(arn)\" is not a public key ARN (arn:aws:ivs:REGION:ACCOUNT:public-key/ID)")
    }
    guard self.key(for: arn) == nil else { throw KeyError("a key is already imported as \(arn)") }
    guard keys.count < Self.maximumKeys else {
      throw KeyError("at most \(Self.maximumKeys) public keys per region can be imported")
    }
    keys.append((arn, key))
  }

  /// The key imported under `arn`.
  public func key(for arn: String) -> PublicKey? {
    keys.first { $0.arn == arn }?.key
  }

  /// Verifies a token as the stage service does at join or exchange: an
  /// ES384 token by its `kid` and signature, an IVS-issued (`KMS`) token is
  /// trusted as the service's own, anything else is refused; then the claims
  /// are validated at `now`.
  ///
  /// `provenSigner` is the key `TokenBatch.provenSigners` found this very token's signature
  /// to verify with: while its `kid` still names that key, the signature is not checked again.
  public func verify(_ token: ParticipantToken, now: Int64, provenSigner: PublicKey? = nil)
    throws(TokenError)
  {
    if token.header.alg != "KMS" { try verifySignature(token, provenSigner: provenSigner) }
    try token.claims.validate(now: now)
  }

  /// Checks only the ES384 signature of a key-pair token against the key its
  /// `kid` names — what `token inspect` reports separately from the claims.
  public func verifySignature(_ token: ParticipantToken, provenSigner: PublicKey? = nil)
    throws(TokenError)
  {
    _ = try signer(of: token, provenSigner: provenSigner)
  }

  /// The key `token`'s signature verifies with, for `TokenBatch`; throws as
  /// `verifySignature` does.
  func provenSigner(of token: ParticipantToken) throws(TokenError) -> PublicKey {
    try signer(of: token, provenSigner: nil)
  }

  /// The imported key `token`'s `kid` names, once its signature is checked with it (or was
  /// proven with that very key).
  private func signer(of token: ParticipantToken, provenSigner: PublicKey?) throws(TokenError)
    -> PublicKey
  {
    let (kid, key) = try trustedKey(of: token)
    try SignatureCheck.check(token.signature)
    guard provenSigner === key || token.verifySignature(with: key) else {
      throw Self.signatureFails(kid)
    }
    return key
  }

  /// Checks a token before it is signed exactly as `verify(_:now:)` checks it once signed, in
  /// the same order and with the same errors, without any cryptography: its signature will
  /// verify exactly when `unsigned.signer` is the key its `kid` names (an ES384 signature
  /// verifies with the signer's public key and no other). What the token deck predicts from.
  public func verify(_ unsigned: UnsignedToken, now: Int64) throws(TokenError) {
    let token = unsigned.token
    if token.header.alg != "KMS" {
      let (kid, key) = try trustedKey(of: token)
      guard let signer = unsigned.signer, signer.isSameKey(as: key) else {
        throw Self.signatureFails(kid)
      }
    }
    try token.claims.validate(now: now)
  }

  /// The imported key a key-pair token's header names, with its `kid`.
  private func trustedKey(of token: ParticipantToken) throws(TokenError) -> (String, PublicKey) {
    guard token.header.alg == "ES384" else {
      throw TokenError(
        .notAllowed, part: "header",
        reason: "algorithm \"\(token.header.alg)\" is not accepted (key-pair tokens use ES384)",
        rule: .tokenIVSIssuedTrusted)
    }
    guard let kid = token.header.kid else {
      throw TokenError(.notAllowed, part: "header", reason: "has no \"kid\" naming the public key")
    }
    guard let key = key(for: kid) else {
      throw TokenError(
        .notAllowed, part: "header", reason: "kid \(kid) is not an imported public key",
        rule: .keysPerRegion)
    }
    return (kid, key)
  }

  private static func signatureFails(_ kid: String) -> TokenError {
    TokenError(.notAllowed, part: "signature", reason: "does not verify with the key \(kid)")
  }
}

/// Explains why a signature cannot be an ES384 JWS signature before any
/// cryptography runs, so a DER signature is named as such.
enum SignatureCheck {
  static func check(_ signature: [UInt8]) throws(TokenError) {
    guard signature.count != ECDSASignature.rawSize else { return }
    let looksDER = signature.first == 0x30 && (100...104).contains(signature.count)
    let hint = looksDER ? " (this looks like a DER signature; JWS needs raw r||s)" : ""
    throw TokenError(
      .notAllowed, part: "signature",
      reason: "is \(signature.count) bytes, ES384 needs 96 (raw r||s)\(hint)")
  }
}
