import InputKit
import TokenCore

/// Decoding of `participants` and of token descriptions (first tokens and exchange tokens).
extension ScenarioDecoder {
  static let participantFields = [
    "id", "sdk", "userId", "capabilities", "attributes", "strategy", "token", "ttl", "expired",
    "origin",
  ]
  static let mintFields = [
    "capabilities", "attributes", "userId", "ttl", "expired", "claims", "key", "origin",
  ]
  static let defaultSDK = SDKProfile(
    platform: .ios, version: SemanticVersion(major: 1, minor: 37, patch: 0))

  mutating func decodeParticipants(_ node: ScenarioNode) throws(ScenarioError)
    -> [ScenarioParticipant]
  {
    var participants: [ScenarioParticipant] = []
    let elements = try node.array()
    try ScenarioLimits.check(participants: elements.count, steps: 0, file: node.file)
    for element in elements {
      let participant = try decodeParticipant(element)
      guard participantSet.insert(participant.id).inserted else {
        throw element.member("id", .null).error(
          "duplicate participant id \(Excerpt.quoted(participant.id))")
      }
      participantIDs.append(participant.id)
      participants.append(participant)
    }
    return participants
  }

  private func decodeParticipant(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioParticipant
  {
    let object = try node.object(allowed: Self.participantFields)
    let idNode = try object.required("id")
    let id = try idNode.string()
    guard Self.isParticipantID(id) else {
      throw idNode.error(
        "participant id \(Excerpt.quoted(id)) must be 1–64 characters of A-Z a-z 0-9 _ -")
    }
    let sdk = try object.optional("sdk").map(decodeSDK) ?? Self.defaultSDK
    let strategy = try object.optional("strategy").map(decodeStrategy) ?? StrategySettings()
    return ScenarioParticipant(
      id: id, sdk: sdk, strategy: strategy, token: try decodeFirstToken(object))
  }

  static func isParticipantID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
          || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
      }
  }

  func decodeSDK(_ node: ScenarioNode) throws(ScenarioError) -> SDKProfile {
    do {
      return try SDKProfile(parsing: try node.string())
    } catch let error as SDKProfileError {
      throw node.error(error.description)
    } catch {
      throw node.error("\(error)")
    }
  }

  private func decodeStrategy(_ node: ScenarioNode) throws(ScenarioError) -> StrategySettings {
    let object = try node.object(allowed: ["publish", "subscribe"])
    var strategy = StrategySettings()
    if let publish = object.optional("publish") {
      strategy.publish = try publish.choice(StrategySettings.Publish.self)
    }
    if let subscribe = object.optional("subscribe") {
      strategy.subscribe = try subscribe.choice(StrategySettings.Subscribe.self)
    }
    return strategy
  }

  /// A participant's `token` (raw JWT) or its claims shorthand, never both.
  private func decodeFirstToken(_ object: ScenarioObject) throws(ScenarioError) -> ScenarioToken {
    if let raw = object.optional("token") {
      let shorthand = ["userId", "capabilities", "attributes", "ttl", "expired", "origin"]
        .filter(object.has)
      guard shorthand.isEmpty else {
        throw raw.error(
          "a raw token cannot be combined with \(shorthand.joined(separator: ", ")); "
            + "put those claims in the token or drop \"token\"")
      }
      return .raw(try raw.string())
    }
    var spec = TokenMintSpec()
    spec.capabilities = try object.optional("capabilities").map(decodeCapabilities)
    spec.attributes = try object.optional("attributes")?.stringMap()
    spec.userId = try object.optional("userId")?.string()
    try decodeLifetime(object, into: &spec)
    if let origin = object.optional("origin") { spec.origin = try decodeOrigin(origin) }
    return try mintable(spec, at: object.node)
  }

  /// An exchange step's `token`: `{"raw": JWT}` or a mint spec.
  func decodeExchangeToken(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioToken {
    if node.value["raw"] != nil {
      return .raw(try node.object(allowed: ["raw"]).required("raw").string())
    }
    let object = try node.object(allowed: ["raw"] + Self.mintFields)
    var spec = TokenMintSpec()
    spec.capabilities = try object.optional("capabilities").map(decodeCapabilities)
    spec.attributes = try object.optional("attributes")?.stringMap()
    spec.userId = try object.optional("userId")?.string()
    try decodeLifetime(object, into: &spec)
    if let claims = object.optional("claims") {
      guard let members = claims.value.objectValue else {
        throw claims.error("expected an object of claim overrides, found \(claims.value.typeName)")
      }
      spec.claims = members
    }
    spec.key = try object.optional("key").map(decodeKey)
    if let origin = object.optional("origin") { spec.origin = try decodeOrigin(origin) }
    return try mintable(spec, at: node)
  }

  /// `ttl` (a lifetime, or `-1h` for a token that expired that long ago) and `expired`
  /// (`true`: it expires the moment it is minted).
  private func decodeLifetime(_ object: ScenarioObject, into spec: inout TokenMintSpec)
    throws(ScenarioError)
  {
    if let ttl = object.optional("ttl") {
      let text = try ttl.string()
      if text.hasPrefix("-") {
        do {
          spec.expiredAgo = try VirtualDuration(parsing: String(text.dropFirst()))
        } catch {
          throw ttl.error(error.description)
        }
      } else {
        spec.ttl = try ttl.duration()
      }
    }
    guard let expired = object.optional("expired"), try expired.bool() else { return }
    guard !object.has("ttl") else {
      throw expired.error(
        "give either \"expired\": true or a \"ttl\" (\"-1h\": expired an hour ago), not both")
    }
    spec.expiredAgo = VirtualDuration(seconds: 0)
  }

  /// `spec` as a token to mint, refused at load time when no key can sign it.
  private func mintable(_ spec: TokenMintSpec, at node: ScenarioNode) throws(ScenarioError)
    -> ScenarioToken
  {
    if let problem = spec.signingProblem(with: keys) { throw node.error(problem) }
    return .mint(spec)
  }

  private func decodeOrigin(_ node: ScenarioNode) throws(ScenarioError) -> TokenOrigin {
    let text = try node.string()
    let names = ["keyPair", "createParticipantToken"]
    guard let origin = TokenOrigin(rawValue: text) else {
      throw node.error(
        "unknown origin \(Excerpt.quoted(text))\(Suggestion.hint(for: text, in: names)); "
          + "expected \"createParticipantToken\" or \"keyPair\"")
    }
    return origin
  }

  private func decodeKey(_ node: ScenarioNode) throws(ScenarioError) -> TokenMintSpec.Key {
    let text = try node.string()
    if text == "unknown" { return .unknown }
    guard keyARNs.contains(text) else {
      let known =
        keyARNs.isEmpty
        ? "the scenario has no \"keys\"" : "known: \(keyARNs.joined(separator: ", "))"
      throw node.error(
        "key \(Excerpt.quoted(text)) is not one of the scenario's keys (\(known)); use \"unknown\" for a key not in the store"
      )
    }
    return .arn(text)
  }

  func decodeCapabilities(_ node: ScenarioNode) throws(ScenarioError) -> Capabilities {
    var capabilities = Capabilities()
    for element in try node.array() {
      switch try element.string() {
      case "publish": capabilities.publish = true
      case "subscribe": capabilities.subscribe = true
      case let other:
        throw element.error(
          "unknown capability \(Excerpt.quoted(other))\(Suggestion.hint(for: other, in: ["publish", "subscribe"])); "
            + "expected \"publish\" or \"subscribe\"")
      }
    }
    return capabilities
  }
}
