import Testing

@testable import TokenCore

/// `user_id` and attribute limits are counted as IVS counts them: `user_id` in Unicode scalars
/// (the API model's length, which Smithy measures in code points), attributes in UTF-8 bytes of
/// keys and values — so one letter with 20,000 combining marks or a 3,001-emoji ZWJ chain, a
/// single grapheme each, is refused.
@Suite struct ClaimLimitTests {
  static let zwjChain = Array(repeating: "👩", count: 3_001).joined(separator: "\u{200D}")

  @Test(arguments: [
    ("e" + String(repeating: "\u{301}", count: 20_000), 20_001),
    (zwjChain, 6_001),
    (String(repeating: "a", count: 129), 129),
  ])
  func aUserIDOverTheScalarLimitIsRefused(userId: String, scalars: Int) {
    var claims = Fixtures.claims()
    claims.userId = userId
    #expect {
      try claims.validateShape()
    } throws: { error in
      let error = error as? TokenError
      return error?.part == "claim user_id"
        && error?.reason == "has \(scalars) Unicode scalars, at most 128 allowed"
    }
  }

  @Test(arguments: [String(repeating: "😀", count: 128), String(repeating: "é", count: 128), ""])
  func aUserIDOfAtMost128ScalarsIsAccepted(userId: String) throws {
    var claims = Fixtures.claims()
    claims.userId = userId
    try claims.validateShape()
  }

  @Test func attributesAreCountedInUTF8Bytes() throws {
    var claims = Fixtures.claims(attributes: ["k": String(repeating: "é", count: 511)])
    try claims.validateShape()  // 1 + 1,022 bytes
    claims.attributes = ["k": String(repeating: "é", count: 512)]
    #expect(throws: TokenError.self) { try claims.validateShape() }
  }
}
