import JSONKit

/// Makes participant tokens: signed ones as a customer's server would, and
/// IVS-style ones (what CreateParticipantToken returns) for the cases that
/// must be rejected at exchange.
public enum TokenMinter {
  /// A key-pair token signed with `key`, its header naming `kid`.
  public static func mint(_ claims: TokenClaims, key: SigningKey, kid: String) throws(KeyError)
    -> String
  {
    try sign(header: TokenHeader(keyPairKid: kid).json, payload: claims.json, key: key)
  }

  /// Signs any header and payload with ES384: the raw form tests use to make
  /// tokens the typed API would refuse to build.
  public static func sign(header: JSON, payload: JSON, key: SigningKey) throws(KeyError) -> String {
    let input = signingInput(header: header, payload: payload)
    let signature = try key.sign(Array(input.utf8))
    return input + "." + Base64URL.encode(signature)
  }

  /// The token `mint(claims, key:, kid:)` makes with the private half of `signer`, not yet
  /// signed: what predictions read instead of paying for a signature (see `UnsignedToken`).
  public static func unsigned(_ claims: TokenClaims, signer: PublicKey?, kid: String)
    throws(TokenError) -> UnsignedToken
  {
    try UnsignedToken(
      signingInput: signingInput(header: TokenHeader(keyPairKid: kid).json, payload: claims.json),
      signer: signer)
  }

  /// A token shaped like CreateParticipantToken's (`alg` KMS, no `kid`). Its
  /// signature is a fixed filler: IVS's real one cannot be checked by customers.
  public static func mintCreateParticipantTokenStyle(_ claims: TokenClaims) -> String {
    createParticipantTokenInput(claims) + "." + Base64URL.encode(Array("ivs-kms-signature".utf8))
  }

  /// `mintCreateParticipantTokenStyle(claims)` without its filler signature, for predictions.
  public static func unsignedCreateParticipantTokenStyle(_ claims: TokenClaims) throws(TokenError)
    -> UnsignedToken
  {
    try UnsignedToken(signingInput: createParticipantTokenInput(claims), signer: nil)
  }

  private static func createParticipantTokenInput(_ claims: TokenClaims) -> String {
    signingInput(header: TokenHeader.createParticipantToken.json, payload: claims.json)
  }

  private static func signingInput(header: JSON, payload: JSON) -> String {
    encode(header) + "." + encode(payload)
  }

  private static func encode(_ json: JSON) -> String {
    Base64URL.encode(Array(JSONWriter.compact(json).utf8))
  }
}
