import JSONKit
import Testing

@testable import TokenCore

/// SPEC §3.1 steps 2–4: which exchanges the SDK refuses before sending.
struct ExchangeCheckTests {
  func check(_ new: String) throws -> Result<ParticipantToken, ExchangeRejection> {
    ExchangeCheck.check(current: try ParticipantToken.parse(try Fixtures.token()), newToken: new)
  }

  @Test func mutableChangesAreAccepted() throws {
    var claims = Fixtures.claims(publish: true, attributes: ["featured": "true"])
    claims.userId = "co-host"
    claims.exp += 3600
    claims.iat += 60
    let result = try check(try Fixtures.token(claims))
    #expect(try result.get().claims.capabilities.publish)
  }

  static let immutableChanges: [(String, JSON)] = [
    ("topic", .string("Other")),
    ("resource", .string("arn:aws:ivs:us-west-2:123456789012:stage/Other")),
    ("jti", .string("someone-else")),
    ("whip_url", .string("https://other.global-bm.whip.live-video.net")),
    ("events_url", .string("wss://other.events.live-video.net")),
  ]

  @Test(arguments: immutableChanges)
  func eachImmutableFieldChangeIsRejectedAndNamed(_ claim: String, _ value: JSON) throws {
    let changed = try Fixtures.claims().setting(claim: claim, to: value)
    let result = try check(try Fixtures.token(changed))
    #expect(result == .failure(.immutableClaimsDiffer([claim])))
  }

  @Test func everyDifferingImmutableFieldIsListedInSpecOrder() throws {
    let changed = try Fixtures.claims().setting(claim: "jti", to: .string("x"))
      .setting(claim: "topic", to: .string("Other"))
    let result = try check(try Fixtures.token(changed))
    #expect(result == .failure(.immutableClaimsDiffer(["topic", "jti"])))
  }

  @Test func createParticipantTokenIsRejectedOnEitherSide() throws {
    let cpt = TokenMinter.mintCreateParticipantTokenStyle(Fixtures.claims())
    #expect(try check(cpt) == .failure(.createParticipantToken(current: false, new: true)))
    let fromCPT = ExchangeCheck.check(
      current: try ParticipantToken.parse(cpt), newToken: try Fixtures.token())
    #expect(fromCPT == .failure(.createParticipantToken(current: true, new: false)))
  }

  @Test func malformedNewTokenIsRejectedAsMalformed() throws {
    guard case .failure(.malformed(let error)) = try check("not-a-token") else {
      Issue.record("expected a malformed rejection")
      return
    }
    #expect(error.part == "token")
  }
}
