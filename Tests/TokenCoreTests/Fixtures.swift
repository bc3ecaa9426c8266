import Foundation
import JSONKit
import TokenCore

/// Shared test material: one key pair per test process (generation is cheap,
/// but a fixed pair keeps failures comparable) and a standard claim set.
enum Fixtures {
  static let stageARN = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"
  static let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/KeyOne"
  static let otherKid = "arn:aws:ivs:us-west-2:123456789012:public-key/KeyTwo"
  static let now: Int64 = 1_767_268_800  // 2026-01-01T12:00:00Z

  static let key: SigningKey = {
    do { return try SigningKey.generate() } catch { preconditionFailure("keygen: \(error)") }
  }()
  static let otherKey: SigningKey = {
    do { return try SigningKey.generate() } catch { preconditionFailure("keygen: \(error)") }
  }()

  static func claims(
    jti: String = "guest", publish: Bool = false, subscribe: Bool = true,
    attributes: [String: String] = [:]
  ) -> TokenClaims {
    TokenClaims(
      exp: now + 43_200, iat: now, jti: jti, userId: "bob", resource: stageARN,
      topic: "AbCdEf123456", eventsURL: "wss://global.events.live-video.net",
      whipURL: "https://AbCdEf123456.global-bm.whip.live-video.net",
      capabilities: Capabilities(publish: publish, subscribe: subscribe), attributes: attributes)
  }

  static func token(_ claims: TokenClaims = claims(), key: SigningKey = key, kid: String = kid)
    throws
    -> String
  {
    try TokenMinter.mint(claims, key: key, kid: kid)
  }

  static func keyStore() throws -> KeyStore {
    var store = KeyStore()
    try store.add(key.publicKey, arn: kid)
    return store
  }

  /// Fixtures vendored into the repository (`Tests/Fixtures`), so a clone with
  /// nothing beside it passes; each folder's SOURCE.md names origin and licence.
  static var fixturesDirectory: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures")
  }

  static func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
      bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }

  /// Splits a compact token into its three parts.
  static func parts(_ token: String) -> [String] {
    token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  static func b64(_ text: String) -> String { Base64URL.encode(Array(text.utf8)) }
}
