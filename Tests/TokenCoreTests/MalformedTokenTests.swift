import JSONKit
import Testing

@testable import TokenCore

/// Each kind of broken token gets its own clear error naming the part, and
/// never a crash.
struct MalformedTokenTests {
  struct BadToken: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let part: String
    let reason: String
    var testDescription: String { name }
  }

  static let goodHeader = Fixtures.b64(#"{"alg":"ES384","typ":"JWT"}"#)
  static let goodPayload = Fixtures.b64(#"{"exp":1,"iat":0}"#)

  static let cases: [BadToken] = [
    BadToken(
      name: "two parts", text: "abc.def", part: "token", reason: "has 2 dot-separated parts"),
    BadToken(
      name: "four parts", text: "a.b.c.d", part: "token", reason: "has 4 dot-separated parts"),
    BadToken(name: "empty", text: "", part: "token", reason: "has 1 dot-separated parts"),
    BadToken(
      name: "bad base64url header", text: "e*J.\(goodPayload).", part: "header", reason: "base64url"
    ),
    BadToken(
      name: "padded base64", text: "eyJ9==.\(goodPayload).", part: "header", reason: "base64url"),
    BadToken(
      name: "non-JSON header", text: "\(Fixtures.b64("not json")).\(goodPayload).", part: "header",
      reason: "not valid JSON"),
    BadToken(
      name: "header is an array", text: "\(Fixtures.b64("[1]")).\(goodPayload).", part: "header",
      reason: "an array, not a JSON object"),
    BadToken(
      name: "payload is a string", text: "\(goodHeader).\(Fixtures.b64("\"x\"")).", part: "payload",
      reason: "a string, not a JSON object"),
    BadToken(
      name: "payload not JSON", text: "\(goodHeader).\(Fixtures.b64("{exp:1}")).", part: "payload",
      reason: "not valid JSON"),
    BadToken(
      name: "header without alg", text: "\(Fixtures.b64("{}")).\(goodPayload).", part: "header",
      reason: "has no \"alg\""),
    BadToken(
      name: "crit naming an extension",
      text: "\(Fixtures.b64(#"{"alg":"ES384","crit":["exp"],"exp":1}"#)).\(goodPayload).",
      part: "header", reason: #"requires "exp", which stagemon does not implement"#),
    BadToken(
      name: "crit naming b64 (RFC 7797)",
      text: "\(Fixtures.b64(#"{"alg":"ES384","crit":["b64"],"b64":false}"#)).\(goodPayload).",
      part: "header", reason: "RFC 7515 §4.1.11"),
    BadToken(
      name: "empty crit", text: "\(Fixtures.b64(#"{"alg":"ES384","crit":[]}"#)).\(goodPayload).",
      part: "header", reason: "must be a non-empty array of names"),
    BadToken(
      name: "crit not an array",
      text: "\(Fixtures.b64(#"{"alg":"ES384","crit":"exp"}"#)).\(goodPayload).", part: "header",
      reason: "must be a non-empty array of names"),
  ]

  @Test(arguments: cases)
  func malformedTokensNameThePartAndCause(_ bad: BadToken) {
    #expect {
      _ = try ParticipantToken.parse(bad.text)
    } throws: { error in
      guard let error = error as? TokenError else { return false }
      return error.part == bad.part && error.reason.contains(bad.reason)
        && error.category == .malformed
    }
  }

  static let requiredClaims = [
    "exp", "iat", "jti", "resource", "topic", "events_url", "whip_url", "capabilities", "version",
  ]

  @Test(arguments: requiredClaims)
  func eachMissingRequiredClaimIsNamed(_ claim: String) throws {
    let payload = Fixtures.claims().json.removing(claim)
    let token = try TokenMinter.sign(
      header: TokenHeader(keyPairKid: Fixtures.kid).json, payload: payload, key: Fixtures.key)
    #expect(throws: TokenError(.malformed, part: "claim \(claim)", reason: "is missing (required)"))
    {
      try ParticipantToken.parse(token)
    }
  }

  static let wrongTypes: [(String, JSON, String)] = [
    ("exp", .string("tomorrow"), "is a string, expected an integer (Unix seconds)"),
    ("iat", .number(1.5), "is a number, expected an integer (Unix seconds)"),
    ("jti", .integer(7), "is a number, expected a string"),
    ("user_id", .bool(true), "is a boolean, expected a string"),
    ("capabilities", .array([]), "is an array, expected an object"),
    ("capabilities", .object([("allow_publish", .string("yes"))]), "\"allow_publish\" is a string"),
    ("attributes", .string("x"), "is a string, expected an object"),
    ("attributes", .object([("order", .integer(1))]), "value of \"order\" is a number"),
    ("version", .number(1.0), "is a number, expected a string"),
  ]

  @Test(arguments: wrongTypes)
  func wrongClaimTypesAreNamed(_ claim: String, _ value: JSON, _ reason: String) throws {
    let payload = Fixtures.claims().json.setting(claim, to: value)
    let token = try TokenMinter.sign(
      header: TokenHeader(keyPairKid: Fixtures.kid).json, payload: payload, key: Fixtures.key)
    #expect {
      _ = try ParticipantToken.parse(token)
    } throws: { error in
      guard let error = error as? TokenError else { return false }
      return error.part == "claim \(claim)" && error.reason.contains(reason)
    }
  }

  @Test func unknownClaimsAreKeptInOrder() throws {
    let payload = Fixtures.claims().json.setting("zeta", to: .integer(1)).setting(
      "alpha", to: .null)
    let token = try TokenMinter.sign(
      header: TokenHeader(keyPairKid: Fixtures.kid).json, payload: payload, key: Fixtures.key)
    let parsed = try ParticipantToken.parse(token)
    #expect(parsed.claims.extra.map(\.key) == ["zeta", "alpha"])
    #expect(parsed.claims.value(ofClaim: "zeta") == .integer(1))
  }

  @Test func redactedFormNeverContainsTheSignature() throws {
    let token = try Fixtures.token()
    let signature = Fixtures.parts(token)[2]
    let parsed = try ParticipantToken.parse(token)
    #expect(!parsed.redacted.contains(signature))
    #expect(parsed.redacted.hasPrefix(parsed.signingInput))
  }
}
