import JSONKit
import TokenCore

/// Decoding of `expect` steps (docs/SCENARIOS.md): exactly one subject key —
/// `participant`, `observer`, `composition` or `events` — and its fields. Every
/// participant, field, state and event kind is checked here, so a misspelt
/// expectation stops the load with its JSON path instead of failing later.
extension ScenarioDecoder {
  static let expectSubjects = ["participant", "observer", "composition", "events"]
  static let participantExpectFields = [
    "participant", "connection", "publish", "subscribe", "capabilities", "userId", "attributes",
    "tokenExpires",
  ]
  static let beliefExpectFields = ["observer", "sees", "as", "userId", "attributes"]

  func decodeExpectation(_ node: ScenarioNode, description: String? = nil) throws(ScenarioError)
    -> Expectation
  {
    guard let members = node.value.objectValue else {
      throw node.error(
        "expected an expectation object such as {\"participant\": \"guest\", \"publish\": \"published\"}, found \(node.value.typeName)"
      )
    }
    let subjects = members.map(\.key).filter(Self.expectSubjects.contains)
    guard subjects.count == 1, let subject = subjects.first else {
      let found = subjects.isEmpty ? "none" : subjects.joined(separator: " and ")
      throw node.error(
        "an expectation needs exactly one of \(Self.expectSubjects.map { "\"\($0)\"" }.joined(separator: ", ")); found \(found)"
      )
    }
    let decoded: Expectation.Subject
    switch subject {
    case "participant": decoded = .participant(try decodeParticipantExpectation(node))
    case "observer": decoded = .belief(try decodeBeliefExpectation(node))
    case "composition":
      decoded = .composition(
        try decodeCompositionExpectation(
          node.object(allowed: ["composition"]).required("composition")))
    default: decoded = .events(try decodeEventsExpectation(node))
    }
    return Expectation(subject: decoded, json: node.value, description: description)
  }

  private func decodeParticipantExpectation(_ node: ScenarioNode) throws(ScenarioError)
    -> ParticipantExpectation
  {
    let object = try node.object(allowed: Self.participantExpectFields)
    var expectation = ParticipantExpectation(
      participant: try participant(object.required("participant")), subscribe: [])
    expectation.connection = try object.optional("connection")?.choice(ConnectionState.self)
    expectation.publish = try object.optional("publish")?.choice(PublishState.self)
    if let subscribe = object.optional("subscribe") {
      expectation.subscribe = try decodeSubscribeMap(subscribe)
    }
    expectation.capabilities = try object.optional("capabilities").map(decodeCapabilities)
    expectation.userId = try object.optional("userId").map(optionalString)
    expectation.attributes = try object.optional("attributes").map(attributeSubset)
    if let expires = object.optional("tokenExpires") {
      let text = try expires.string()
      guard let seconds = VirtualTime.parse(text) else {
        throw expires.error("bad time \"\(text)\"; expected UTC like 2026-01-02T00:00:00Z")
      }
      expectation.tokenExpires = seconds
    }
    try requireCheck(object, beyond: ["participant"])
    return expectation
  }

  private func decodeSubscribeMap(_ node: ScenarioNode) throws(ScenarioError)
    -> [(publisher: String, state: SubscribeState)]
  {
    guard let members = node.value.objectValue else {
      throw node.error(
        "expected an object of publisher → subscribe state, found \(node.value.typeName)")
    }
    var map: [(publisher: String, state: SubscribeState)] = []
    for (key, value) in members {
      let member = node.member(key, value)
      let publisher = try participant(node.member(key, .string(key)))
      map.append((publisher, try member.choice(SubscribeState.self)))
    }
    return map
  }

  private func decodeBeliefExpectation(_ node: ScenarioNode) throws(ScenarioError)
    -> BeliefExpectation
  {
    let object = try node.object(allowed: Self.beliefExpectFields)
    var expectation = BeliefExpectation(
      observer: try participantOrComposition(object.required("observer")),
      participant: try participant(object.required("sees")))
    expectation.view = try object.optional("as")?.choice(BeliefExpectation.View.self)
    expectation.userId = try object.optional("userId").map(optionalString)
    expectation.attributes = try object.optional("attributes").map(attributeSubset)
    try requireCheck(object, beyond: ["observer", "sees"])
    return expectation
  }

  private func decodeCompositionExpectation(_ node: ScenarioNode) throws(ScenarioError)
    -> CompositionExpectation
  {
    let object = try node.object(allowed: ["id", "slots", "featured", "pip"])
    var expectation = CompositionExpectation()
    if let id = object.optional("id") {
      expectation.id = try id.string()
      guard compositionIDs.contains(expectation.id) else {
        throw id.error(
          "unknown composition \"\(expectation.id)\"; compositions: "
            + (compositionIDs.isEmpty ? "none" : compositionIDs.joined(separator: ", ")))
      }
    }
    if let slots = object.optional("slots") {
      expectation.slots = try slots.array().map { element throws(ScenarioError) in
        let slot = try element.object(allowed: ["role", "participant"])
        return CompositionSlot(
          role: try slot.required("role").choice(CompositionSlot.Role.self),
          participant: try participant(slot.required("participant")))
      }
    }
    expectation.featured = try object.optional("featured").map(optionalParticipant)
    expectation.pip = try object.optional("pip").map(optionalParticipant)
    try requireCheck(object, beyond: ["id"])
    return expectation
  }

  private func decodeEventsExpectation(_ node: ScenarioNode) throws(ScenarioError)
    -> EventsExpectation
  {
    let top = try node.object(allowed: ["events"])
    let object = try top.required("events").object(allowed: ["includes", "inOrder", "excludes"])
    let includes = try object.optional("includes").map(patterns) ?? []
    let excludes = try object.optional("excludes").map(patterns) ?? []
    guard !includes.isEmpty || !excludes.isEmpty else {
      throw object.node.error("an events expectation needs \"includes\" and/or \"excludes\"")
    }
    return EventsExpectation(
      includes: includes, inOrder: try object.optional("inOrder")?.bool() ?? false,
      excludes: excludes)
  }

  private func patterns(_ node: ScenarioNode) throws(ScenarioError) -> [EventPattern] {
    try node.array().map { element throws(ScenarioError) in try pattern(element) }
  }

  /// One event pattern: an object of known stream fields with values of the right type.
  private func pattern(_ node: ScenarioNode) throws(ScenarioError) -> EventPattern {
    let object = try node.object(allowed: EventFieldCatalog.names)
    for (key, value) in object.members {
      let field = node.member(key, value)
      if let shape = EventFieldCatalog.shape(of: key),
        !EventFieldCatalog.value(value, fits: shape)
      {
        throw field.error("\"\(key)\" is \(shape.rawValue) in the stream, found \(value.typeName)")
      }
      try checkPatternValue(field, key: key)
    }
    return EventPattern(json: node.value)
  }

  /// Values with a closed set of spellings: kinds, sources, participants (or a
  /// composition's ID as an observer), capabilities.
  private func checkPatternValue(_ node: ScenarioNode, key: String) throws(ScenarioError) {
    guard node.value != .null else { return }
    switch key {
    case "kind": _ = try node.choice(EventKind.self)
    case "source": _ = try node.choice(EventSource.self)
    case "observer": _ = try participantOrComposition(node)
    case "participant", "remoteParticipantId": _ = try participant(node)
    case "capabilities": _ = try decodeCapabilities(node)
    default: break
    }
  }

  /// At least one field beside the subject, so an expectation always checks something.
  private func requireCheck(_ object: ScenarioObject, beyond subject: [String])
    throws(ScenarioError)
  {
    guard object.members.contains(where: { !subject.contains($0.key) }) else {
      throw object.node.error("this expectation checks nothing; add a field to compare")
    }
  }

  private func optionalString(_ node: ScenarioNode) throws(ScenarioError) -> String? {
    node.value == .null ? nil : try node.string()
  }

  private func optionalParticipant(_ node: ScenarioNode) throws(ScenarioError) -> String? {
    node.value == .null ? nil : try participant(node)
  }

  private func attributeSubset(_ node: ScenarioNode) throws(ScenarioError) -> [String: String] {
    Dictionary(try node.stringMap(), uniquingKeysWith: { $1 })
  }
}
