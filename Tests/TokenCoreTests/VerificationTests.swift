import JSONKit
import Testing

@testable import TokenCore

/// The service-side checks: signature by kid, algorithm, claim limits at a virtual now.
struct VerificationTests {
  func verify(_ token: String, now: Int64 = Fixtures.now) throws {
    try Fixtures.keyStore().verify(try ParticipantToken.parse(token), now: now)
  }

  func expectRejected(
    _ token: String, category: TokenError.Category, part: String, reason: String,
    now: Int64 = Fixtures.now
  ) {
    #expect {
      try verify(token, now: now)
    } throws: { error in
      guard let error = error as? TokenError else { return false }
      return error.category == category && error.part == part && error.reason.contains(reason)
    }
  }

  func token(header: JSON, payload: JSON = Fixtures.claims().json) throws -> String {
    try TokenMinter.sign(header: header, payload: payload, key: Fixtures.key)
  }

  @Test func aMintedTokenVerifies() throws {
    try verify(try Fixtures.token())
  }

  @Test(arguments: ["none", "HS384", "RS256", "ES256"])
  func otherAlgorithmsAreRefused(_ alg: String) throws {
    let header = JSON.object([
      ("alg", .string(alg)), ("typ", .string("JWT")), ("kid", .string(Fixtures.kid)),
    ])
    expectRejected(
      try token(header: header), category: .notAllowed, part: "header",
      reason: "\"\(alg)\" is not accepted")
  }

  @Test func missingKidIsRefused() throws {
    let header = JSON.object([("alg", .string("ES384")), ("typ", .string("JWT"))])
    expectRejected(
      try token(header: header), category: .notAllowed, part: "header", reason: "no \"kid\"")
  }

  @Test func unknownKidIsRefused() throws {
    expectRejected(
      try Fixtures.token(kid: Fixtures.otherKid), category: .notAllowed, part: "header",
      reason: "is not an imported public key")
  }

  @Test func signatureFromAnotherKeyIsRefused() throws {
    expectRejected(
      try Fixtures.token(key: Fixtures.otherKey), category: .notAllowed, part: "signature",
      reason: "does not verify")
  }

  func resigned(_ transform: ([UInt8]) -> [UInt8]) throws -> String {
    let parts = Fixtures.parts(try Fixtures.token())
    let raw = try #require(Base64URL.decode(parts[2]))
    return parts[0] + "." + parts[1] + "." + Base64URL.encode(transform(raw))
  }

  @Test func derSignatureIsRefusedAndNamed() throws {
    let token = try resigned { ECDSASignature.der(fromRaw: $0) ?? [] }
    expectRejected(
      token, category: .notAllowed, part: "signature", reason: "looks like a DER signature")
  }

  @Test(arguments: [95, 97])
  func wrongLengthSignaturesAreRefused(_ length: Int) throws {
    let token = try resigned { Array(($0 + [0, 0]).prefix(length)) }
    expectRejected(token, category: .notAllowed, part: "signature", reason: "is \(length) bytes")
  }

  @Test func zeroRIsRefused() throws {
    let token = try resigned { [UInt8](repeating: 0, count: 48) + $0.suffix(48) }
    expectRejected(token, category: .notAllowed, part: "signature", reason: "does not verify")
  }

  @Test func zeroSIsRefused() throws {
    let token = try resigned { $0.prefix(48) + [UInt8](repeating: 0, count: 48) }
    expectRejected(token, category: .notAllowed, part: "signature", reason: "does not verify")
  }

  @Test func oneFlippedPayloadByteIsRefused() throws {
    let parts = Fixtures.parts(try Fixtures.token())
    var payload = try #require(Base64URL.decode(parts[1]))
    let index = try #require(payload.firstIndex(of: UInt8(ascii: "b")))  // in "bob"
    payload[index] ^= 0x01
    let token = parts[0] + "." + Base64URL.encode(payload) + "." + parts[2]
    expectRejected(token, category: .notAllowed, part: "signature", reason: "does not verify")
  }

  static let limitCases: [(String, JSON, String, String)] = [
    ("jti", .string(String(repeating: "a", count: 65)), "claim jti", "must be 1–64"),
    ("jti", .string("guest.1"), "claim jti", "contains \".\""),
    ("jti", .string(""), "claim jti", "must be 1–64"),
    (
      "user_id", .string(String(repeating: "ü", count: 129)), "claim user_id", "129 Unicode scalars"
    ),
    ("version", .string("2.0"), "claim version", "must be \"1.0\""),
    ("exp", .integer(Fixtures.now + 15 * 86_400), "claim exp", "more than 14 days after iat"),
    ("resource", .string("arn:aws:ivs:us-west-2:123:stage/X"), "claim resource", "not a stage ARN"),
    ("topic", .string("Other"), "claim topic", "not the stage ID"),
  ]

  @Test(arguments: limitCases)
  func claimLimitsAreEnforced(_ claim: String, _ value: JSON, _ part: String, _ reason: String)
    throws
  {
    let payload = Fixtures.claims().json.setting(claim, to: value)
    let token = try token(header: TokenHeader(keyPairKid: Fixtures.kid).json, payload: payload)
    expectRejected(token, category: .malformed, part: part, reason: reason)
  }

  @Test func attributesOf1025BytesAreRefusedAnd1024Accepted() throws {
    let at1024 = Fixtures.claims(attributes: ["k": String(repeating: "v", count: 1023)])
    try verify(try Fixtures.token(at1024))
    let at1025 = Fixtures.claims(attributes: ["k": String(repeating: "v", count: 1024)])
    expectRejected(
      try Fixtures.token(at1025), category: .malformed, part: "claim attributes",
      reason: "1025 bytes")
  }

  @Test func userIDOf128CharactersIsAccepted() throws {
    var claims = Fixtures.claims()
    claims.userId = String(repeating: "ü", count: 128)
    try verify(try Fixtures.token(claims))
  }

  @Test func expiredTokenIsRefusedAsExpired() throws {
    let token = try Fixtures.token()
    expectRejected(
      token, category: .expired, part: "claim exp", reason: "expired", now: Fixtures.now + 43_200)
    try verify(token, now: Fixtures.now + 43_199)
  }

  @Test func createParticipantTokenStyleIsTrustedAsIVSIssued() throws {
    let token = TokenMinter.mintCreateParticipantTokenStyle(Fixtures.claims())
    let parsed = try ParticipantToken.parse(token)
    #expect(parsed.origin == .createParticipantToken)
    #expect(parsed.header.alg == "KMS")
    try verify(token)
  }

  @Test func keyStoreRefusesAFourthKeyAndBadARNs() throws {
    var store = KeyStore()
    for name in ["A", "B", "C"] {
      try store.add(
        Fixtures.key.publicKey, arn: "arn:aws:ivs:us-west-2:123456789012:public-key/\(name)")
    }
    #expect(throws: KeyError.self) {
      try store.add(Fixtures.key.publicKey, arn: "arn:aws:ivs:us-west-2:123456789012:public-key/D")
    }
    var empty = KeyStore()
    #expect(throws: KeyError.self) { try empty.add(Fixtures.key.publicKey, arn: "not-an-arn") }
  }
}
