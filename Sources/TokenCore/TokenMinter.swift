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
    let input = encode(header) + "." + encode(payload)
    let signature = try key.sign(Array(input.utf8))
    return input + "." + Base64URL.encode(signature)
  }

  /// A token shaped like CreateParticipantToken's (`alg` KMS, no `kid`). Its
  /// signature is a fixed filler: IVS's real one cannot be checked by customers.
  public static func mintCreateParticipantTokenStyle(_ claims: TokenClaims) -> String {
    let input = encode(TokenHeader.createParticipantToken.json) + "." + encode(claims.json)
    return input + "." + Base64URL.encode(Array("ivs-kms-signature".utf8))
  }

  private static func encode(_ json: JSON) -> String {
    Base64URL.encode(Array(JSONWriter.compact(json).utf8))
  }
}
