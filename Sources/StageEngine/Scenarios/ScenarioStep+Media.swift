/// Steps beyond token exchange (SPEC §2.2, §4, §5.1): a publisher's mute state, a
/// network drop with the SDK's own reconnection, and compositions started and stopped
/// during the run. Kept as two small enums so the shared step switches grow by a line.
extension ScenarioStep {
  /// What happens to one participant's media or connection.
  public enum MediaStep: Sendable, Equatable {
    /// The app mutes these local streams (the participant must publish).
    case mute(String, MediaStreams)
    /// The app unmutes these local streams.
    case unmute(String, MediaStreams)
    /// The network drops; the SDK reconnects on its own with the current token.
    case networkDrop(String)

    /// The verb as written in scenario files.
    public var verb: String {
      switch self {
      case .mute: return "mute"
      case .unmute: return "unmute"
      case .networkDrop: return "networkDrop"
      }
    }

    /// The participant it acts on.
    public var participant: String {
      switch self {
      case .mute(let id, _), .unmute(let id, _), .networkDrop(let id): return id
      }
    }

    /// `mute host audio`, `networkDrop guest`.
    public var summary: String {
      switch self {
      case .mute(let id, let streams), .unmute(let id, let streams):
        return "\(verb) \(id) \(streams.names.joined(separator: "+"))"
      case .networkDrop(let id): return "networkDrop \(id)"
      }
    }
  }

  /// A composition started or stopped during the run (StartComposition/StopComposition).
  public enum CompositionStep: Sendable, Equatable {
    /// Starts composition `id` with its own layout and update policy.
    case start(String, CompositionConfiguration)
    /// Stops composition `id`.
    case stop(String)

    /// The verb as written in scenario files.
    public var verb: String {
      switch self {
      case .start: return "startComposition"
      case .stop: return "stopComposition"
      }
    }

    /// The composition's ID.
    public var composition: String {
      switch self {
      case .start(let id, _), .stop(let id): return id
      }
    }

    /// `startComposition side pip updates=live`, `stopComposition side`.
    public var summary: String {
      switch self {
      case .start(let id, let configuration):
        return
          "startComposition \(id) \(Stage.describe(configuration, updates: configuration.updates))"
      case .stop(let id): return "stopComposition \(id)"
      }
    }
  }

  /// The verbs of both groups, in the order docs list them.
  static let mediaVerbs = ["mute", "unmute", "networkDrop", "startComposition", "stopComposition"]
}

extension Stage {
  /// Runs a media step on this stage.
  @discardableResult
  public func perform(_ step: ScenarioStep.MediaStep) throws(StageActionError) -> ActionOutcome {
    switch step {
    case .mute(let id, let streams):
      try setMuted(true, streams: streams, participant: id)
      return .done
    case .unmute(let id, let streams):
      try setMuted(false, streams: streams, participant: id)
      return .done
    case .networkDrop(let id):
      return try dropNetwork(participant: id)
    }
  }

  /// Runs a composition step on this stage.
  public func perform(_ step: ScenarioStep.CompositionStep) throws(StageActionError) {
    switch step {
    case .start(let id, let configuration):
      try startComposition(id: id, configuration: configuration)
    case .stop(let id):
      try stopComposition(id: id)
    }
  }
}
