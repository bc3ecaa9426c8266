/// One scripted step of a scenario (SPEC §6). Each names the participant it
/// acts on, except `advance`, which moves the virtual clock.
public enum ScenarioStep: Sendable {
  /// The participant's SDK joins the stage with its current token.
  case join(String)
  /// The participant leaves the stage.
  case leave(String)
  /// The participant starts publishing (if its strategy and token allow).
  case publish(String)
  /// The participant stops publishing.
  case unpublish(String)
  /// The SDK re-asks its strategy and applies what changed.
  case refreshStrategy(String)
  /// The participant's SDK calls `exchangeToken` with this token.
  case exchange(String, ScenarioToken)
  /// The DisconnectParticipant API removes the participant.
  case disconnect(String)
  /// The virtual clock moves forward.
  case advance(VirtualDuration)
  /// Leave, then join again with the current token.
  case reconnect(String)
  /// The participant's host application changes its strategy answers.
  case setStrategy(
    String, publish: StrategySettings.Publish?, subscribe: StrategySettings.Subscribe?)
  /// The person at the keyboard (or the script for them) answers a pending `ask` publish
  /// question; `by` says how, as the `questionAnswered` event records it.
  case answer(String, publish: Bool, by: AnswerOrigin = .script)
  /// Mute/unmute or a network drop (`ScenarioStep+Media.swift`).
  case media(MediaStep)
  /// A composition started or stopped (`ScenarioStep+Media.swift`).
  case composition(CompositionStep)
  /// A statement about the stage checked at this point; never changes it.
  case expect(Expectation)
  /// The participant's simulated SDK changes, e.g. to the customer's release.
  case setSDK(String, SDKProfile)
  /// A running composition's update policy changes (SPEC §4).
  case setCompositionUpdates(String, CompositionConfiguration.UpdatePolicy)

  /// The verb as written in scenario files.
  public var verb: String {
    switch self {
    case .join: return "join"
    case .leave: return "leave"
    case .publish: return "publish"
    case .unpublish: return "unpublish"
    case .refreshStrategy: return "refreshStrategy"
    case .exchange: return "exchange"
    case .disconnect: return "disconnect"
    case .advance: return "advance"
    case .reconnect: return "reconnect"
    case .setStrategy: return "setStrategy"
    case .answer: return "answer"
    case .media(let step): return step.verb
    case .composition(let step): return step.verb
    case .expect: return "expect"
    case .setSDK: return "setSDK"
    case .setCompositionUpdates: return "setCompositionUpdates"
    }
  }

  /// The participant the step acts on (`nil` for `advance` and compositions).
  public var participant: String? {
    switch self {
    case .join(let id), .leave(let id), .publish(let id), .unpublish(let id),
      .refreshStrategy(let id), .exchange(let id, _), .disconnect(let id), .reconnect(let id),
      .setStrategy(let id, _, _), .answer(let id, _, _), .setSDK(let id, _):
      return id
    case .media(let step): return step.participant
    case .advance, .composition, .expect, .setCompositionUpdates: return nil
    }
  }

  /// Every verb a scenario may use, for validation and suggestions.
  public static let verbs =
    [
      "join", "leave", "publish", "unpublish", "refreshStrategy", "exchange", "disconnect",
      "advance", "reconnect", "setStrategy", "answer", "expect", "setSDK", "setCompositionUpdates",
    ] + mediaVerbs
}

/// How a strategy question was answered: by the script, a key or a typed command. The
/// `questionAnswered` event carries it (as `reason`), and a saved session keeps it, so the
/// replay's stream is the live one.
public enum AnswerOrigin: String, Sendable, CaseIterable {
  /// An `answer` step of the script.
  case script
  /// A key in the monitor (`y`, `n`).
  case key
  /// A command in the monitor (`:yes`, `:no`).
  case command
}
