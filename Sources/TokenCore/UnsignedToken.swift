/// A token made up to its signature: the header and claims `TokenMinter` would sign, and the
/// public half of the key that would sign them. Signing is a P-384 operation (about a
/// millisecond); the token deck predicts a dozen exchanges each time it opens, so it predicts
/// from these (`KeyStore.verify(_:now:)` answers the signature check by comparing keys) and
/// only the token that is really exchanged is signed — and verified by the stage for real.
public struct UnsignedToken: Sendable {
  /// The token with an empty signature: header and claims exactly as they would be signed.
  public let token: ParticipantToken
  /// The public half of the signing key; nil when the key is none the stage could hold (a key
  /// made only to be unknown) or the token is IVS-style, whose signature no customer makes.
  public let signer: PublicKey?

  /// The token `signingInput` stands for (header and payload, base64url), to be signed by the
  /// private half of `signer`.
  init(signingInput: String, signer: PublicKey?) throws(TokenError) {
    token = try ParticipantToken.parse(signingInput + ".")
    self.signer = signer
  }
}
