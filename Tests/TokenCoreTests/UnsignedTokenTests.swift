import Testing
import TokenCore

/// A token checked before it is signed gets exactly the verdict the same token gets once
/// signed — the rule the token deck predicts with — and looks exactly like it.
@Suite struct UnsignedTokenTests {
  /// One case: the claims, the key that signs, the kid its header names, and whether the
  /// stage accepts the signed token.
  struct Case: Sendable, CustomStringConvertible {
    let description: String
    var claims = Fixtures.claims()
    let key: SigningKey
    let kid: String
    var accepted = false
  }

  static let cases = [
    Case(description: "trusted key", key: Fixtures.key, kid: Fixtures.kid, accepted: true),
    Case(
      description: "kid of a trusted key, other signer", key: Fixtures.otherKey, kid: Fixtures.kid),
    Case(description: "kid not imported", key: Fixtures.otherKey, kid: Fixtures.otherKid),
    Case(description: "expired", claims: expired(), key: Fixtures.key, kid: Fixtures.kid),
  ]

  static func expired() -> TokenClaims {
    var claims = Fixtures.claims()
    claims.exp = Fixtures.now - 1
    return claims
  }

  /// The verdict of a check: nil when it passes, else the error's text.
  static func verdict(_ check: () throws(TokenError) -> Void) -> String? {
    do {
      try check()
      return nil
    } catch {
      return error.description
    }
  }

  @Test(arguments: cases)
  func verdictBeforeSigningIsTheSignedTokensVerdict(_ test: Case) throws {
    let store = try Fixtures.keyStore()
    let signed = try ParticipantToken.parse(
      try TokenMinter.mint(test.claims, key: test.key, kid: test.kid))
    let unsigned = try TokenMinter.unsigned(
      test.claims, signer: test.key.publicKey, kid: test.kid)
    let expected = Self.verdict { () throws(TokenError) in
      try store.verify(signed, now: Fixtures.now)
    }
    let predicted = Self.verdict { () throws(TokenError) in
      try store.verify(unsigned, now: Fixtures.now)
    }
    #expect(predicted == expected)
    #expect((expected == nil) == test.accepted, "\(expected ?? "accepted")")
  }

  @Test func aSignerNoStoreHoldsFailsTheSignatureCheckOfAnImportedKid() throws {
    let unsigned = try TokenMinter.unsigned(Fixtures.claims(), signer: nil, kid: Fixtures.kid)
    let store = try Fixtures.keyStore()
    let verdict = Self.verdict { () throws(TokenError) in
      try store.verify(unsigned, now: Fixtures.now)
    }
    #expect(verdict?.contains("does not verify with the key \(Fixtures.kid)") == true)
  }

  @Test func headerAndClaimsAreTheSignedTokensWithoutItsSignature() throws {
    let signed = try ParticipantToken.parse(try Fixtures.token())
    let unsigned = try TokenMinter.unsigned(
      Fixtures.claims(), signer: Fixtures.key.publicKey, kid: Fixtures.kid)
    #expect(unsigned.token.signingInput == signed.signingInput)
    #expect(unsigned.token.signature.isEmpty)
    #expect(unsigned.token.compact == signed.signingInput + ".")
  }

  @Test func createParticipantTokenStyleIsTheMintedOneWithoutItsFiller() throws {
    let minted = try ParticipantToken.parse(
      TokenMinter.mintCreateParticipantTokenStyle(Fixtures.claims()))
    let unsigned = try TokenMinter.unsignedCreateParticipantTokenStyle(Fixtures.claims())
    #expect(unsigned.token.signingInput == minted.signingInput)
    #expect(unsigned.token.origin == .createParticipantToken)
    #expect(unsigned.signer == nil)
  }

  @Test func aKeyIsTheSameKeyAsItsOwnPublicHalfOnly() throws {
    let again = try PublicKey(pem: Fixtures.key.publicKey.pem)
    #expect(again.isSameKey(as: Fixtures.key.publicKey))
    #expect(!Fixtures.otherKey.publicKey.isSameKey(as: Fixtures.key.publicKey))
  }
}
