import StageEngine
import Testing
import TokenCore

/// A stage with one trusted key and helpers to mint tokens and join participants.
/// One key pair per test process: generation is cheap but not free.
struct EngineFixture {
  static let stageARN = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"
  static let kid = "arn:aws:ivs:us-west-2:123456789012:public-key/EngineKey"
  static let start: Int64 = 1_767_268_800  // 2026-01-01T12:00:00Z
  static let key: SigningKey? = try? SigningKey.generate()
  static let untrustedKey: SigningKey? = try? SigningKey.generate()

  let stage: Stage

  init(composition: CompositionConfiguration? = nil) throws {
    let key = try #require(Self.key)
    var store = KeyStore()
    try store.add(key.publicKey, arn: Self.kid)
    stage = Stage(
      configuration: StageConfiguration(
        arn: Self.stageARN, start: Self.start, keys: store, composition: composition))
  }

  static func claims(
    _ id: String, publish: Bool = true, subscribe: Bool = true, userId: String? = nil,
    attributes: [String: String] = [:], ttl: Int64 = 43_200, now: Int64 = start
  ) -> TokenClaims {
    TokenClaims(
      exp: now + ttl, iat: now, jti: id, userId: userId, resource: stageARN,
      topic: "AbCdEf123456", eventsURL: "wss://global.events.live-video.net",
      whipURL: "https://AbCdEf123456.global-bm.whip.live-video.net",
      capabilities: Capabilities(publish: publish, subscribe: subscribe), attributes: attributes)
  }

  static func token(_ claims: TokenClaims, key: SigningKey? = key) throws -> String {
    try TokenMinter.mint(claims, key: try #require(key), kid: kid)
  }

  /// Registers and joins `id`; returns the events the join caused.
  @discardableResult
  func join(
    _ id: String, sdk: String = "ios@1.37.0", publish: Bool = true, subscribe: Bool = true,
    strategy: StrategySettings = StrategySettings(), userId: String? = nil,
    attributes: [String: String] = [:]
  ) throws -> [StageEvent] {
    try stage.addParticipant(id: id, sdk: SDKProfile(parsing: sdk), strategy: strategy)
    let token = try Self.token(
      Self.claims(
        id, publish: publish, subscribe: subscribe, userId: userId, attributes: attributes))
    #expect(try stage.join(participant: id, token: token) == .done)
    return stage.drainEvents()
  }

  /// Exchanges `id`'s token for one with these mutable claims; returns outcome and events.
  func exchange(
    _ id: String, publish: Bool = true, subscribe: Bool = true, userId: String? = nil,
    attributes: [String: String] = [:]
  ) throws -> (ExchangeOutcome, [StageEvent]) {
    let token = try Self.token(
      Self.claims(
        id, publish: publish, subscribe: subscribe, userId: userId, attributes: attributes,
        now: stage.clock.now))
    let outcome = try stage.exchangeToken(participant: id, newToken: token)
    return (outcome, stage.drainEvents())
  }
}

extension StageEvent {
  /// `source kind observer→participant state` for readable order assertions.
  var line: String {
    var text = "\(source.rawValue) \(kind.rawValue)"
    if let observer { text += " \(observer)" }
    if let participant { text += observer == nil ? " \(participant)" : "→\(participant)" }
    if let remoteParticipantId { text += "→\(remoteParticipantId)" }
    if let state { text += " \(state)" }
    return text
  }
}
