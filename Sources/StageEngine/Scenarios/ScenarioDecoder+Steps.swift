import InputKit

/// Decoding of `steps`: one verb per step object, plus that verb's own fields.
extension ScenarioDecoder {
  /// Extra fields each verb accepts beside the verb itself.
  static let verbFields: [String: [String]] = [
    "exchange": ["token"], "setStrategy": ["publish", "subscribe"], "answer": ["publish", "by"],
    "expect": ["description"],
    "setSDK": ["sdk"], "setCompositionUpdates": ["updates"],
  ]

  func decodeStep(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioStep {
    guard let members = node.value.objectValue else {
      throw node.error(
        "expected a step object such as {\"join\": \"host\"}, found \(node.value.typeName)")
    }
    let verb = try findVerb(node, keys: members.map(\.key))
    let fields = Self.verbFields[verb] ?? Self.mediaVerbFields[verb] ?? []
    let object = try node.object(allowed: [verb] + fields)
    if let step = try decodeMediaStep(verb, object) { return step }
    let verbNode = try object.required(verb)
    if verb == "advance" { return .advance(try verbNode.duration()) }
    if verb == "expect" {
      return .expect(
        try decodeExpectation(
          verbNode, description: object.optional("description").map(oneLineText)))
    }
    if verb == "setCompositionUpdates" { return try decodeCompositionUpdates(verbNode, object) }
    let id = try participant(verbNode)
    switch verb {
    case "join": return .join(id)
    case "leave": return .leave(id)
    case "publish": return .publish(id)
    case "unpublish": return .unpublish(id)
    case "refreshStrategy": return .refreshStrategy(id)
    case "disconnect": return .disconnect(id)
    case "reconnect": return .reconnect(id)
    case "exchange": return .exchange(id, try decodeExchangeToken(object.required("token")))
    case "answer":
      return .answer(
        id, publish: try object.required("publish").bool(),
        by: try object.optional("by")?.choice(AnswerOrigin.self) ?? .script)
    case "setSDK": return .setSDK(id, try decodeSDK(object.required("sdk")))
    default: return try decodeSetStrategy(id, object)
    }
  }

  /// The step's verb: `answer`/`setStrategy` own a `publish` field, otherwise exactly one verb key.
  private func findVerb(_ node: ScenarioNode, keys: [String]) throws(ScenarioError) -> String {
    var verbs = keys.filter(ScenarioStep.verbs.contains)
    if verbs.contains("answer") || verbs.contains("setStrategy") {
      verbs.removeAll { $0 == "publish" }
    }
    if verbs.count == 1, let verb = verbs.first { return verb }
    if verbs.count > 1 {
      throw node.error("one verb per step, found \(verbs.joined(separator: " and "))")
    }
    let hint = keys.first.map { Suggestion.hint(for: $0, in: ScenarioStep.verbs) } ?? ""
    let unknown = keys.first.map { "unknown verb \(Excerpt.quoted($0))\(hint)" } ?? "empty step"
    throw node.error("\(unknown); expected one of \(ScenarioStep.verbs.joined(separator: ", "))")
  }

  /// A one-line text (a description), so a report line stays one line.
  func oneLineText(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let text = try node.string()
    guard !text.contains(where: \.isNewline) else { throw node.error("must be one line") }
    return text
  }

  func participant(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let id = try node.string()
    guard participantSet.contains(id) else {
      let shown = participantIDs.prefix(8).joined(separator: ", ")
      let more = participantIDs.count > 8 ? " and \(participantIDs.count - 8) more" : ""
      let known = participantIDs.isEmpty ? "none declared" : shown + more
      throw node.error(
        "unknown participant \(Excerpt.quoted(id))\(Suggestion.hint(for: id, in: participantIDs)); participants: \(known)"
      )
    }
    return id
  }

  private func decodeCompositionUpdates(_ node: ScenarioNode, _ object: ScenarioObject)
    throws(ScenarioError) -> ScenarioStep
  {
    let id = try node.string()
    guard compositionIDs.contains(id) else {
      let known = compositionIDs.isEmpty ? "none" : compositionIDs.joined(separator: ", ")
      throw node.error(
        "unknown composition \"\(id)\"\(Suggestion.hint(for: id, in: compositionIDs)); compositions: \(known)"
      )
    }
    let policy = try object.required("updates").choice(CompositionConfiguration.UpdatePolicy.self)
    return .setCompositionUpdates(id, policy)
  }

  private func decodeSetStrategy(_ id: String, _ object: ScenarioObject) throws(ScenarioError)
    -> ScenarioStep
  {
    let publish = try object.optional("publish")?.choice(StrategySettings.Publish.self)
    let subscribe = try object.optional("subscribe")?.choice(StrategySettings.Subscribe.self)
    guard publish != nil || subscribe != nil else {
      throw object.node.error("setStrategy needs \"publish\" and/or \"subscribe\"")
    }
    return .setStrategy(id, publish: publish, subscribe: subscribe)
  }
}
