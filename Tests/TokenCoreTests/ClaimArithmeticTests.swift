import Foundation
import Testing

@testable import TokenCore

/// Claims are untrusted integers: any `exp` and `iat` a token carries must give a clear error
/// naming the claim, never an arithmetic trap (issue #8 §1, first class).
@Suite struct ClaimArithmeticTests {
  static let farApart: [(exp: Int64, iat: Int64)] = [
    (.max, -1), (.max, .min), (0, .min), (.max, 0), (1, .min + 1),
  ]

  @Test(arguments: farApart)
  func claimsTooFarApartAreAnExpErrorNotATrap(_ pair: (exp: Int64, iat: Int64)) {
    var claims = Fixtures.claims()
    claims.exp = pair.exp
    claims.iat = pair.iat
    #expect((claims.lifetime ?? .max) > TokenClaims.maximumLifetime)
    #expect(throws: TokenError.self) { try claims.validate(now: 0) }
    do {
      try claims.validateShape()
    } catch {
      #expect(error.part == "claim exp")
      #expect(error.reason.hasPrefix("is more than 14 days after iat"))
    }
  }

  static let unreachable: [(issuedAt: Int64, lifetime: Int64)] = [
    (.max, 1), (1, .max), (.max / 2 + 1, .max / 2 + 1), (1_767_268_800, .max),
  ]

  @Test(arguments: unreachable)
  func anExpiryPastTheLatestTimeIsAnExpError(_ pair: (issuedAt: Int64, lifetime: Int64)) {
    #expect(throws: TokenError.self) {
      try TokenClaims.expiry(issuedAt: pair.issuedAt, lifetime: pair.lifetime)
    }
    do {
      _ = try TokenClaims.forStage(
        Fixtures.stageARN, participantID: "p", capabilities: Capabilities(),
        issuedAt: pair.issuedAt, lifetime: pair.lifetime)
      Issue.record("minting claims with an unreachable exp succeeded")
    } catch {
      #expect(error.part == "claim exp")
    }
  }

  @Test func reachableExpiriesAreExact() throws {
    #expect(try TokenClaims.expiry(issuedAt: .max - 5, lifetime: 5) == .max)
    #expect(try TokenClaims.expiry(issuedAt: .min, lifetime: 0) == .min)
  }
}

/// A private key file carries both halves of the pair; a scalar that does not match its
/// public key must be refused when the key loads (issue #8 §2), in either container.
@Suite struct InconsistentKeyTests {
  @Test(arguments: ["mismatched-sec1.pem", "mismatched-pkcs8.pem"])
  func aPrivateKeyThatDoesNotMatchItsPublicKeyIsRefused(_ file: String) throws {
    let url = Fixtures.fixturesDirectory.appendingPathComponent("keys/\(file)")
    let pem = try String(contentsOf: url, encoding: .utf8)
    do {
      _ = try SigningKey(pem: pem)
      Issue.record("\(file) loaded")
    } catch {
      #expect(error.description.hasPrefix("inconsistent key:"))
    }
  }

  @Test func aConsistentKeyStillLoadsAndSignsWhatItsPublicKeyVerifies() throws {
    let pem = try #require(Fixtures.key.pkcs8PEM())
    let loaded = try SigningKey(pem: pem)
    let message = Array("m".utf8)
    #expect(loaded.publicKey.verify(signature: try loaded.sign(message), message: message))
  }
}
