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
  /// The token with its signature replaced by a marker: the only form that
  /// may appear in logs, output or saved files. Made once, when parsed: every snapshot of
  /// the stage shows it for every participant.
  public let redacted: String
  /// Key-pair or CreateParticipantToken (SPEC §1.2). Found once, when parsed (it parses the
  /// `kid` ARN, some microseconds): every snapshot of the stage shows it for every participant.
  public let origin: TokenOrigin

  private init(
    header: TokenHeader, claims: TokenClaims, signature: [UInt8], signingInput: String,
    compact: String
  ) {
    self.header = header
    self.claims = claims
    self.signature = signature
    self.signingInput = signingInput
    self.compact = compact
    redacted = signingInput + ".<signature redacted>"
    origin = header.origin
  }

  /// Parses a compact JWS, naming the part and the cause of any failure.
  public static func parse(_ compact: String) throws(TokenError) -> ParticipantToken {
    let text = String(compact.trimmingASCIIWhitespace())
    let bytes = Array(text.utf8)
    let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
    guard dots.count == 2 else {
      throw TokenError(
        .malformed, part: "token", reason: "has \(dots.count + 1) dot-separated parts, expected 3")
    }
    let header = try TokenHeader(json: try decodeJSON(bytes[..<dots[0]], part: "header"))
    let claims = try TokenClaims(
      json: try decodeJSON(bytes[(dots[0] + 1)..<dots[1]], part: "payload"))
    guard let signature = Base64URL.decode(bytes[(dots[1] + 1)...]) else {
      throw TokenError(.malformed, part: "signature", reason: "is not valid base64url")
    }
    return ParticipantToken(
      header: header, claims: claims, signature: signature,
      signingInput: String(decoding: bytes[..<dots[1]], as: UTF8.self), compact: text)
  }

  private static func decodeJSON(_ text: ArraySlice<UInt8>, part: String) throws(TokenError) -> JSON
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
