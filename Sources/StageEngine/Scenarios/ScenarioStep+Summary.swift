import JSONKit

/// One-line descriptions of steps for the runner's `step` events and the UI.
/// Raw tokens are never echoed (they carry signatures): only their length.
extension ScenarioStep {
  /// `join host`, `advance 13h`, `exchange guest capabilities=[publish] attributes={…}`.
  public var summary: String {
    switch self {
    case .advance(let duration): return "advance \(duration)"
    case .exchange(let id, .raw(let raw)):
      return "exchange \(id) raw token (\(raw.utf8.count) bytes)"
    case .exchange(let id, .mint(let spec)):
      return (["exchange \(id)"] + spec.summaryParts).joined(separator: " ")
    case .setStrategy(let id, let publish, let subscribe):
      var parts = ["setStrategy \(id)"]
      if let publish { parts.append("publish=\(publish.rawValue)") }
      if let subscribe { parts.append("subscribe=\(subscribe.rawValue)") }
      return parts.joined(separator: " ")
    case .answer(let id, let publish, _): return "answer \(id) publish=\(publish)"
    case .media(let step): return step.summary
    case .composition(let step): return step.summary
    case .setSDK(let id, let sdk): return "setSDK \(id) \(sdk)"
    case .setCompositionUpdates(let id, let policy):
      return "setCompositionUpdates \(id) \(policy.rawValue)"
    case .expect(let expectation): return "expect \(JSONWriter.compact(expectation.json))"
    default: return "\(verb) \(participant ?? "")"
    }
  }
}

extension TokenMintSpec {
  /// `key=value` parts naming what the spec changes.
  var summaryParts: [String] {
    var parts: [String] = []
    if let capabilities {
      parts.append("capabilities=[\(capabilities.names.joined(separator: ","))]")
    }
    if let attributes {
      let object = JSON.object(attributes.map { ($0.key, JSON.string($0.value)) })
      parts.append("attributes=\(JSONWriter.compact(object))")
    }
    if let userId { parts.append("userId=\(JSONWriter.compact(.string(userId)))") }
    if let ttl { parts.append("ttl=\(ttl)") }
    if !claims.isEmpty { parts.append("claims=\(JSONWriter.compact(.object(claims)))") }
    switch key {
    case .arn(let arn): parts.append("key=\(arn)")
    case .unknown: parts.append("key=unknown")
    case nil: break
    }
    if origin == .createParticipantToken { parts.append("origin=createParticipantToken") }
    return parts
  }
}
