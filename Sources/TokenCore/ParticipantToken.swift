import JSONKit

/// A participant token parsed from its compact JWS form. Parsing checks the
/// structure and claim types only — signature and limits are separate steps
/// so the SDK-side exchange check (SPEC §3.1) can run without keys.
public struct ParticipantToken: Equatable, Sendable {
  /// The decoded JOSE header.
  public let header: TokenHeader
  /// The decoded payload.
  public let claims: TokenClaims
  /// The raw signature bytes (96 for a well-formed ES384 token).
  public let signature: [UInt8]
  /// `b64url(header) + "." + b64url(payload)`: the bytes the signature covers.
  public let signingInput: String
  /// The whole token. It contains the signature: never print or log it.
  public let compact: String

  /// Parses a compact JWS, naming the part and the cause of any failure.
  public static func parse(_ compact: String) throws(TokenError) -> ParticipantToken {
    let trimmed = compact.trimmingASCIIWhitespace()
    let parts = trimmed.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw TokenError(
        .malformed, part: "token", reason: "has \(parts.count) dot-separated parts, expected 3")
    }
    let header = try TokenHeader(json: try decodeJSON(parts[0], part: "header"))
    let claims = try TokenClaims(json: try decodeJSON(parts[1], part: "payload"))
    guard let signature = Base64URL.decode(parts[2]) else {
      throw TokenError(.malformed, part: "signature", reason: "is not valid base64url")
    }
    let inputLength = parts[0].count + 1 + parts[1].count
    return ParticipantToken(
      header: header, claims: claims, signature: signature,
      signingInput: String(Substring(trimmed.utf8.prefix(inputLength))), compact: String(trimmed))
  }

  private static func decodeJSON(_ text: Substring.UTF8View.SubSequence, part: String)
    throws(TokenError) -> JSON
  {
    guard let bytes = Base64URL.decode(text) else {
      throw TokenError(.malformed, part: part, reason: "is not valid base64url")
    }
    do {
      return try JSONParser.parse(bytes: bytes)
    } catch {
      throw TokenError(.malformed, part: part, reason: "is not valid JSON (\(error.reason))")
    }
  }

  /// Key-pair or CreateParticipantToken (SPEC §1.2).
  public var origin: TokenOrigin { header.origin }

  /// The token with its signature replaced by a marker: the only form that
  /// may appear in logs, output or saved files.
  public var redacted: String { signingInput + ".<signature redacted>" }

  /// Whether the signature is a valid ES384 signature by `key`.
  public func verifySignature(with key: PublicKey) -> Bool {
    key.verify(signature: signature, message: Array(signingInput.utf8))
  }

  /// Same token text.
  public static func == (lhs: ParticipantToken, rhs: ParticipantToken) -> Bool {
    lhs.compact == rhs.compact
  }
}

extension String {
  func trimmingASCIIWhitespace() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[start...end]
  }
}
