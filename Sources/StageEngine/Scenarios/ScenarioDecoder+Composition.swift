import InputKit

/// Decoding of the `composition` field (SPEC §4).
extension ScenarioDecoder {
  static let compositionFields = [
    "layout", "featuredParticipantAttribute", "pipParticipantAttribute", "pipBehavior",
    "pipPosition", "participantOrderAttribute", "updates",
  ]
  static let pipPositions = ["TOP_LEFT", "TOP_RIGHT", "BOTTOM_LEFT", "BOTTOM_RIGHT"]

  func decodeComposition(_ node: ScenarioNode) throws(ScenarioError) -> CompositionConfiguration {
    let object = try node.object(allowed: Self.compositionFields)
    var c = CompositionConfiguration()
    if let layout = object.optional("layout") {
      c.layout = try layout.choice(CompositionConfiguration.Layout.self)
    }
    if let updates = object.optional("updates") {
      c.updates = try updates.choice(CompositionConfiguration.UpdatePolicy.self)
    }
    if let behavior = object.optional("pipBehavior") {
      c.pipBehavior = try behavior.choice(CompositionConfiguration.PipBehavior.self)
    }
    if let position = object.optional("pipPosition") {
      let text = try position.string()
      guard Self.pipPositions.contains(text) else {
        throw position.error(
          "unknown value \(Excerpt.quoted(text))\(Suggestion.hint(for: text, in: Self.pipPositions)); "
            + "expected one of \(Self.pipPositions.joined(separator: ", "))")
      }
      c.pipPosition = text
    }
    c.featuredParticipantAttribute =
      try object.optional("featuredParticipantAttribute")?.string() ?? ""
    c.pipParticipantAttribute = try object.optional("pipParticipantAttribute")?.string() ?? ""
    c.participantOrderAttribute = try object.optional("participantOrderAttribute")?.string() ?? ""
    return c
  }
}
