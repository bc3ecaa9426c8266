import Testing

@testable import TokenCore

/// Signing and proving many tokens at once: results in the order asked, each token what
/// minting it alone gives, and a proof that only ever spares checking a signature again with
/// the very key that verified it.
@Suite struct TokenBatchTests {
  @Test func batchMintedTokensComeBackInOrderAndVerify() throws {
    let requests = (0..<40).map {
      MintRequest(claims: Fixtures.claims(jti: "p\($0)"), key: Fixtures.key, kid: Fixtures.kid)
    }
    let store = try Fixtures.keyStore()
    let tokens = try TokenBatch.mint(requests).map { try $0.get() }
    #expect(tokens.count == 40)
    for (index, compact) in tokens.enumerated() {
      let token = try ParticipantToken.parse(compact)
      #expect(token.claims.jti == "p\(index)")
      #expect(throws: Never.self) { try store.verify(token, now: Fixtures.now) }
    }
  }

  @Test func onlyTokensWhoseSignatureVerifiesAreProven() throws {
    let store = try Fixtures.keyStore()
    let good = try ParticipantToken.parse(try Fixtures.token())
    let forged = try ParticipantToken.parse(try Fixtures.token(key: Fixtures.otherKey))
    let unknown = try ParticipantToken.parse(try Fixtures.token(kid: Fixtures.otherKid))
    let signers = TokenBatch.provenSigners(of: [good, forged, unknown], in: store)
    #expect(signers.count == 3)
    #expect(signers[0] === store.key(for: Fixtures.kid))
    #expect(signers[1] == nil)
    #expect(signers[2] == nil)
  }

  @Test func aProofForAnotherKeyDoesNotSpareTheSignatureCheck() throws {
    let store = try Fixtures.keyStore()
    let forged = try ParticipantToken.parse(try Fixtures.token(key: Fixtures.otherKey))
    #expect(throws: TokenError.self) {
      try store.verify(forged, now: Fixtures.now, provenSigner: Fixtures.otherKey.publicKey)
    }
    let good = try ParticipantToken.parse(try Fixtures.token())
    let proof = try #require(TokenBatch.provenSigners(of: [good], in: store).first ?? nil)
    #expect(throws: Never.self) { try store.verify(good, now: Fixtures.now, provenSigner: proof) }
    #expect(throws: TokenError.self) {
      try store.verify(good, now: Fixtures.now + 50_000, provenSigner: proof)
    }
  }
}
