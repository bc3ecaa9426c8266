/// Decoding of the media and composition verbs (`mute`, `unmute`, `networkDrop`,
/// `startComposition`, `stopComposition`), apart from the token-exchange verbs.
extension ScenarioDecoder {
  /// Extra fields the media and composition verbs accept beside the verb itself.
  static let mediaVerbFields: [String: [String]] = [
    "mute": ["streams"], "unmute": ["streams"], "startComposition": ["composition"],
  ]

  private enum StreamName: String, CaseIterable {
    case audio, video
  }

  /// The step for a media or composition `verb`, or nil for any other verb.
  func decodeMediaStep(_ verb: String, _ object: ScenarioObject) throws(ScenarioError)
    -> ScenarioStep?
  {
    let verbNode = try object.required(verb)
    switch verb {
    case "mute", "unmute":
      let id = try participant(verbNode)
      let streams = try object.optional("streams").map(decodeStreams) ?? .audioVideo
      return .media(verb == "mute" ? .mute(id, streams) : .unmute(id, streams))
    case "networkDrop":
      return .media(.networkDrop(try participant(verbNode)))
    case "startComposition":
      let id = try compositionID(verbNode)
      let configuration =
        try object.optional("composition").map(decodeComposition) ?? CompositionConfiguration()
      return .composition(.start(id, configuration))
    case "stopComposition":
      return .composition(.stop(try compositionID(verbNode)))
    default:
      return nil
    }
  }

  /// The composition IDs a scenario can refer to: `main` when it has a top-level
  /// composition, then every ID a `startComposition` step names (read before the steps
  /// are decoded, so an `expect` step may name a composition started later).
  static func compositionIDs(_ root: ScenarioObject, hasComposition: Bool) -> [String] {
    let steps = root.optional("steps")?.value.arrayValue ?? []
    let started = steps.compactMap { step in
      step.objectValue?.first { $0.key == "startComposition" }?.value.stringValue
    }
    return (hasComposition ? [Stage.firstCompositionID] : []) + started
  }

  /// A participant ID or, where `expect` steps allow one, a composition ID.
  func participantOrComposition(_ node: ScenarioNode) throws(ScenarioError) -> String {
    if let id = node.value.stringValue, compositionIDs.contains(id) { return id }
    return try participant(node)
  }

  /// `["audio"]`, `["audio", "video"]`: a non-empty array of stream names.
  private func decodeStreams(_ node: ScenarioNode) throws(ScenarioError) -> MediaStreams {
    var streams: MediaStreams = []
    for element in try node.array() {
      streams.insert(try element.choice(StreamName.self) == .audio ? .audio : .video)
    }
    guard !streams.isEmpty else { throw node.error("name at least one of \"audio\", \"video\"") }
    return streams
  }

  private func compositionID(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let id = try node.string()
    if let problem = Stage.problem(withCompositionID: id) { throw node.error(problem) }
    return id
  }
}
