import Foundation
import Testing

/// The crash reproducers of issue #8 §1, run through the real binary: each ends with a clear
/// message naming the claim, ttl or step and exit 1 (2 for a malformed option), never a trap.
@Suite struct ReproducerCommandTests {
  static let stage = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"

  /// An unsigned token carrying `claims` (inspect needs no key).
  static func unsignedToken(exp: Int64, iat: Int64) -> String {
    let header =
      #"{"alg":"ES384","typ":"JWT","kid":"arn:aws:ivs:us-west-2:123456789012:public-key/k"}"#
    let claims =
      #"{"exp":\#(exp),"iat":\#(iat),"jti":"guest","resource":"\#(stage)","topic":"AbCdEf123456","#
      + #""events_url":"wss://e","whip_url":"https://w","capabilities":{"allow_subscribe":true},"version":"1.0"}"#
    return base64URL(header) + "." + base64URL(claims) + ".AAAA"
  }

  static func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static let claimRows: [(exp: Int64, iat: Int64, status: Int32, shows: String)] = [
    (.max, -1, 1, "INVALID: claim exp: is more than 14 days after iat"),
    (.min, .min, 0, "out of range (before 0000)"),
    (-9_223_372_036_854_000_000, -9_223_372_036_854_000_000, 0, "out of range (before 0000)"),
    (.max, .max - 60, 0, "out of range (after 9999)"),
  ]

  @Test(arguments: claimRows)
  func inspectOfExtremeClaimsReportsInsteadOfTrapping(
    _ row: (exp: Int64, iat: Int64, status: Int32, shows: String)
  ) throws {
    let out = try StagemonBinary.run(
      [
        "token", "inspect", "--now", "2026-01-01T12:00:00Z",
        Self.unsignedToken(exp: row.exp, iat: row.iat),
      ])
    #expect(out.status == row.status, "stderr: \(out.stderr)")
    #expect(out.stdout.contains(row.shows), "stdout: \(out.stdout)")
  }

  static let ttlRows: [(ttl: String, status: Int32, says: String)] = [
    ("106751991167300d", 2, "--ttl: bad duration \"106751991167300d\": too long"),
    ("9223372036854775807s", 2, "--ttl: bad duration \"9223372036854775807s\": too long"),
    ("15d", 1, "claim exp: is more than 14 days after iat"),
  ]

  @Test(arguments: ttlRows)
  func mintWithAnUnreachableTTLNamesIt(_ row: (ttl: String, status: Int32, says: String)) throws {
    let dir = try StagemonBinary.temporaryDirectory().appendingPathComponent("keys")
    _ = try StagemonBinary.run(["token", "keygen", "--out", dir.path])
    let out = try StagemonBinary.run([
      "token", "mint", "--key", dir.appendingPathComponent("private.pem").path, "--stage-arn",
      Self.stage, "--participant-id", "a", "--ttl", row.ttl,
    ])
    #expect(out.status == row.status)
    #expect(out.stderr.contains(row.says), "stderr: \(out.stderr)")
    #expect(out.stdout.isEmpty)
  }

  @Test func aScenarioWithAnUnmintableExchangeKeepsItsWholeStream() throws {
    let raw = Self.unsignedToken(exp: .max, iat: -1)
    let scenario =
      #"{"participants": [{"id": "a", "token": "\#(raw)"}, {"id": "b"}], "steps": [{"join": "b"}, {"exchange": "a", "token": {"userId": "x"}}, {"leave": "b"}]}"#
    let out = try StagemonBinary.run(["run", "-", "--headless"], input: scenario)
    #expect(out.status == 0, "stderr: \(out.stderr)")
    #expect(out.stdout.contains("no token to exchange: the app could not mint one: steps[1].token"))
    #expect(out.stdout.contains(#""message":"leave b""#))
  }
}
