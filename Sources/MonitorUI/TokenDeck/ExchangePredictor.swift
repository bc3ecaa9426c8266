import StageEngine
import TokenCore

/// Predicts an exchange with the same checks the model makes: TokenCore's `ExchangeCheck`
/// for the SDK side and the stage's key store for the service side, then the §3.3/§3.4
/// effects, so the deck can say what will happen before Enter.
public struct ExchangePredictor {
  /// The participant exchanging.
  public let participant: ParticipantSnapshot
  /// Its current token, parsed (nil before its first join).
  public let current: ParticipantToken?
  /// The stage's trusted keys.
  public let keys: KeyStore
  /// Virtual time now.
  public let now: Int64
  /// Who sees the participant now (nobody unless it publishes).
  public let audience: Audience
  /// Each running composition's ID and update policy.
  public let compositionPolicies: [(id: String, updates: CompositionConfiguration.UpdatePolicy)]

  /// Creates a predictor for `participant` in `snapshot`.
  public init(
    participant: ParticipantSnapshot, current: ParticipantToken?, keys: KeyStore,
    snapshot: StageSnapshot
  ) {
    self.participant = participant
    self.current = current
    self.keys = keys
    self.now = snapshot.time
    // Only a publisher is seen: the scan of every observer is skipped for the others.
    self.audience =
      participant.publish == .notPublished ? Audience() : Audience(of: participant.id, in: snapshot)
    self.compositionPolicies = snapshot.compositions.map { ($0.id, $0.updates.outcome) }
  }

  /// The verdict for `token`: the stage's own checks, a pasted token's signature verified, a
  /// minted one's answered by the key that will sign it (`KeyStore.verify(_:now:)`).
  public func predict(_ token: DeckToken) -> ExchangePrediction {
    switch token {
    case .pasted(let text):
      return predict(text) { new throws(TokenError) in try keys.verify(new, now: now) }
    case .unsigned(let unsigned):
      return predict(unsigned.token.compact) { _ throws(TokenError) in
        try keys.verify(unsigned, now: now)
      }
    }
  }

  /// The verdict for `newToken`, whose service-side check is `serviceCheck`.
  private func predict(
    _ newToken: String, serviceCheck: (ParticipantToken) throws(TokenError) -> Void
  ) -> ExchangePrediction {
    if let unavailable = Self.unavailability(of: participant) { return .unavailable(unavailable) }
    guard participant.connection == .connected, let current else {
      return .rejectedBySDK("\(participant.id) is not connected")
    }
    switch ExchangeCheck.check(current: current, newToken: newToken) {
    case .failure(let rejection):
      return .rejectedBySDK(rejection.description)
    case .success(let new):
      do {
        try serviceCheck(new)
      } catch {
        let after =
          participant.sdk.platform == .web
          ? "Web leaves the stage (failed-exchange)"
          : "stays connected on its old token (assumption)"
        return .rejectedByService("\(error); \(after)")
      }
      return .accepted(effects(from: current.claims, to: new.claims))
    }
  }

  /// Why the participant cannot call exchangeToken at all, e.g. "guest: exchangeToken needs
  /// SDK ≥ 1.37.0 (android@1.36.0)"; nil when it can.
  public static func unavailability(of participant: ParticipantSnapshot) -> String? {
    guard !participant.sdkRules.hasExchangeToken.outcome else { return nil }
    let minimum = participant.sdk.platform == .web ? "1.33.0" : "1.37.0"
    return "\(participant.id): exchangeToken needs SDK ≥ \(minimum) (\(participant.sdk))"
  }

  private func effects(from old: TokenClaims, to new: TokenClaims) -> [String] {
    var effects: [String] = []
    let publishing = participant.publish != .notPublished
    let question = PlatformNames.strategy(.shouldPublish, on: participant.sdk.platform) ?? ""
    if new.capabilities.publish && !old.capabilities.publish && !publishing {
      effects.append("publish gained: asks \(question) → \(publishAnswer)")
    }
    if !new.capabilities.publish && publishing {
      effects.append("publish lost: unpublishes at once (strategy not asked)")
    }
    if new.capabilities.subscribe && !old.capabilities.subscribe {
      effects.append("subscribe gained: shouldSubscribeToParticipant asked per publisher")
    }
    if !new.capabilities.subscribe && old.capabilities.subscribe {
      effects.append("subscribe lost: every subscription ends (assumption)")
    }
    if old.userId != new.userId || old.attributes != new.attributes {
      effects += metadataEffects(stillPublishing: publishing && new.capabilities.publish)
    }
    if effects.isEmpty { effects.append("only iat/exp change; nobody is notified") }
    return effects
  }

  private var publishAnswer: String {
    switch participant.strategy.publish {
    case .always: return "publishes now"
    case .never: return "stays unpublished"
    case .ask: return "you answer y/n"
    }
  }

  private func metadataEffects(stillPublishing: Bool) -> [String] {
    guard stillPublishing else {
      var lines = ["new user_id/attributes held silently: observers get them when it publishes"]
      if participant.sdk.platform == .web {
        lines.append("Web reports the metadata event for itself, publishing or not")
      }
      return lines
    }
    var lines: [String] = []
    if !audience.immediate.isEmpty {
      lines.append("sees it now: " + audience.immediate.list)
    }
    if !audience.onRepublish.isEmpty {
      lines.append("STALE until republish: " + audience.onRepublish.list)
    }
    for (id, updates) in compositionPolicies {
      let name = id == Stage.firstCompositionID ? "composition" : "composition \(id)"
      switch updates {
      case .live: lines.append("\(name) (live): layout follows at once")
      case .onReconnect: lines.append("\(name) (on-reconnect): layout lags until republish")
      }
    }
    if participant.sdk.platform == .web {
      lines.append("Web reports the metadata event for itself too")
    } else {
      lines.append("no metadata event for itself on mobile (assumption)")
    }
    return lines
  }
}
