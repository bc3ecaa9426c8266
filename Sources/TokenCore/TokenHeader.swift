import InputKit
import JSONKit

/// The JOSE header of a participant token. Its `alg` and `kid` decide how the
/// token is verified and whether it can ever be exchanged (SPEC §1.2).
public struct TokenHeader: Equatable, Sendable {
  /// The signature algorithm: `ES384` for key-pair tokens, `KMS` for IVS-issued ones.
  public let alg: String
  /// The token type, normally `JWT`.
  public let typ: String?
  /// The public key ARN that verifies a key-pair token.
  public let kid: String?
  /// The header as written, every member kept.
  public let json: JSON

  /// Decodes a header object, naming the member whose type is wrong.
  public init(json: JSON) throws(TokenError) {
    guard json.objectValue != nil else {
      throw TokenError(.malformed, part: "header", reason: "is \(json.typeName), not a JSON object")
    }
    guard let algValue = json["alg"] else {
      throw TokenError(.malformed, part: "header", reason: "has no \"alg\"")
    }
    guard let alg = algValue.stringValue else {
      throw TokenError(
        .malformed, part: "header", reason: "\"alg\" is \(algValue.typeName), not a string")
    }
    try Self.refuseCritical(json["crit"])
    self.alg = alg
    typ = try Self.optionalString(json, "typ")
    kid = try Self.optionalString(json, "kid")
    self.json = json
  }

  /// Builds the header a customer's server writes for a key-pair token.
  public init(keyPairKid kid: String) {
    alg = "ES384"
    typ = "JWT"
    self.kid = kid
    json = .object([("alg", .string("ES384")), ("typ", .string("JWT")), ("kid", .string(kid))])
  }

  /// The header IVS's CreateParticipantToken writes (documented example).
  public static let createParticipantToken = TokenHeader(
    alg: "KMS", typ: "JWT", kid: nil,
    json: .object([("alg", .string("KMS")), ("typ", .string("JWT"))]))

  private init(alg: String, typ: String?, kid: String?, json: JSON) {
    self.alg = alg
    self.typ = typ
    self.kid = kid
    self.json = json
  }

  /// RFC 7515 §4.1.11: a recipient must refuse a token whose `crit` lists an extension it does
  /// not understand, and `crit` must be a non-empty array of names. Neither IVS tokens nor
  /// stagemon use any extension, so any `crit` is refused, said in the header's words.
  private static func refuseCritical(_ crit: JSON?) throws(TokenError) {
    guard let crit else { return }
    guard let names = crit.arrayValue, !names.isEmpty, names.allSatisfy({ $0.stringValue != nil })
    else {
      throw TokenError(
        .malformed, part: "header",
        reason: "\"crit\" must be a non-empty array of names (RFC 7515 §4.1.11)")
    }
    let listed = names.compactMap(\.stringValue).map { Excerpt.quoted($0) }.joined(separator: ", ")
    throw TokenError(
      .malformed, part: "header",
      reason: "\"crit\" requires \(listed), which stagemon does not implement; refused as "
        + "RFC 7515 §4.1.11 requires")
  }

  private static func optionalString(_ json: JSON, _ name: String) throws(TokenError) -> String? {
    guard let value = json[name] else { return nil }
    guard let string = value.stringValue else {
      throw TokenError(
        .malformed, part: "header", reason: "\"\(name)\" is \(value.typeName), not a string")
    }
    return string
  }

  /// Where the token came from: key-pair only for ES384 with a public-key `kid`.
  public var origin: TokenOrigin {
    alg == "ES384" && kid.map(ARN.isPublicKey) == true ? .keyPair : .createParticipantToken
  }
}

/// Where a token came from (SPEC §1.2): only key-pair tokens can be exchanged.
public enum TokenOrigin: String, Sendable {
  /// Signed by the customer's server with an imported key pair (ES384 + kid).
  case keyPair
  /// Issued by IVS's CreateParticipantToken API; opaque and not exchangeable.
  case createParticipantToken
}
