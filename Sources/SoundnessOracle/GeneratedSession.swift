import StageEngine

/// One session made by `SessionGenerator`: who took part, what the model did (its server,
/// client, belief and composition events) and the truth derived from it. The folder a
/// customer would send is rendered from it, and every claim `explain` makes is checked
/// against its truth.
public struct GeneratedSession: Sendable {
  /// The seed that made it (the same seed makes the same session).
  public let seed: UInt64
  /// The stage's ARN.
  public let stageARN: String
  /// The session's ID (`st-…`).
  public let sessionID: String
  /// When the session started and ended (virtual seconds).
  public let start: Int64
  /// See `start`.
  public let end: Int64
  /// Everyone who took part, in the order they were added.
  public let participants: [GeneratedParticipant]
  /// The model's events, in order (server, client, belief and composition ones).
  public let events: [StageEvent]
  /// The composition the session ran, if any.
  public let composition: GeneratedComposition?
  /// Who saw which values when.
  public internal(set) var truth: SessionTruth
  /// How the session was played (nil for one built from events alone).
  public internal(set) var script: PlayedScript? = nil
}

/// The steps a generated session played from its scenario, each with the events it made, so
/// that it can be played again without some of them: the session a folder that lost their
/// records would be the whole record of (`Counterfactual`).
public struct PlayedScript: Sendable {
  /// The cast, stage and day the session started from.
  let scenario: Scenario
  /// Each step that ran, in order.
  let steps: [PlayedStep]
}

/// One step a generated session played, and the range of its events the step made.
struct PlayedStep: Sendable {
  let step: ScenarioStep
  let events: Range<Int>
}

/// One participant as get-participant would describe it.
public struct GeneratedParticipant: Sendable {
  /// The participant ID (IVS's, or the token's `jti`).
  public let id: String
  /// The `user_id` it joined with.
  public let userId: String
  /// The SDK it really ran.
  public let sdk: SDKProfile
  /// get-participant's `osName`.
  public let osName: String
  /// get-participant's `browserName` (empty for the mobile SDKs).
  public let browserName: String
  /// The attributes of the token it joined with.
  public let attributes: [String: String]
  /// Whether its first token allowed publishing.
  public let canPublish: Bool
}

/// A server-side composition of the generated session.
public struct GeneratedComposition: Sendable {
  /// Its ID in the model's events.
  public let id: String
  /// Its ARN, as get-composition states it.
  public let arn: String
  /// Its settings.
  public let configuration: CompositionConfiguration
  /// When it started and stopped (nil: it ran to the session's end).
  public let started: Int64
  /// See `started`.
  public let stopped: Int64?
}
