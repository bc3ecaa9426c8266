import IVSRules
import TokenCore

/// `exchangeToken` (SPEC §3): SDK-side checks, service-side checks, effects.
extension Stage {
  /// Replaces `id`'s token with `newToken` while it stays in the stage.
  ///
  /// Throws only when the client's SDK has no `exchangeToken` (iOS/Android < 1.37.0,
  /// Web < 1.33.0) or the participant does not exist; nothing is recorded then.
  /// Otherwise the outcome is also in the stream: a rejection records the runner's
  /// `exchangeRejected` (code, message, differing `fields`) followed by the client's
  /// `error` event and changes nothing else (Web additionally leaves the stage with
  /// `failed-exchange` when the service rejects). An acceptance records
  /// `exchangeAccepted`, server `TOKEN_EXCHANGED`, then the effects of §3.3/§3.4.
  ///
  /// `signedWith` is the public key of the private key the caller itself just signed `newToken`
  /// with (a scenario's own mint): the service's signature check is then already known to hold
  /// while the token's `kid` names that key, so an exchange costs one ES384 signature, not a
  /// signature and a verification. Everything else is checked as always.
  @discardableResult
  public func exchangeToken(
    participant id: String, newToken: String, signedWith signer: PublicKey? = nil
  ) throws(StageActionError) -> ExchangeOutcome {
    let slot = try slot(of: id)
    let sdk = clients[slot].sdk
    guard apply(clients[slot].sdkRules.hasExchangeToken).outcome else {
      throw Self.noExchange(sdk)
    }
    let new: ParticipantToken
    switch sdkCheck(slot, newToken) {
    case .failure(let report):
      following(report.rule) { reject(slot, report) }
      return .rejected(report)
    case .success(let parsed):
      new = parsed
    }
    do {
      try keys.verify(new, now: clock.now, provenSigner: signer)
    } catch {
      let report = ExchangeRejectionReport(
        checker: .service, code: decide(.errorCode(.exchangeFailed), forClient: slot).outcome,
        message: "the service refused the new token: "
          + TokenRefusalText.describe(error, of: new, now: clock.now), fields: [],
        rule: .exchangeServiceChecks)
      following(.exchangeServiceChecks) { reject(slot, report) }
      let leaves = apply(clients[slot].sdkRules.leavesOnRefusedExchange)
      if leaves.outcome {
        following(leaves.rule) { disconnect(slot, reason: "failed-exchange") }
      }
      return .rejected(report)
    }
    following(.exchangeServiceChecks) { accept(slot, new) }
    return .accepted
  }

  /// Records that the exchange a script asked for `id` never left the app because no token
  /// could be minted for it (e.g. the current token's lifetime does not fit in 64 bits): the
  /// runner's `exchangeRejected` with `reason`, and nothing else changes. Throws like
  /// `exchangeToken` when the SDK has no exchange or `id` does not exist.
  public func recordUnmintableExchange(participant id: String, reason: String)
    throws(StageActionError)
  {
    let slot = try slot(of: id)
    guard apply(clients[slot].sdkRules.hasExchangeToken).outcome else {
      throw Self.noExchange(clients[slot].sdk)
    }
    emit(.runner, .exchangeRejected) { event in
      event.participant = id
      event.message = "no token to exchange: the app could not mint one: \(reason)"
    }
  }

  private static func noExchange(_ sdk: SDKProfile) -> StageActionError {
    StageActionError(
      "\(sdk) has no exchangeToken (needs iOS/Android 1.37.0 or Web 1.33.0) "
        + "[\(RuleID.exchangeUnavailableOlderSDK)]")
  }

  /// §3.1 in order: connected, parses, not CreateParticipantToken, immutable claims equal.
  private func sdkCheck(_ slot: Int, _ newToken: String)
    -> Result<ParticipantToken, ExchangeRejectionReport>
  {
    let code = decide(.errorCode(.exchangeRequestInvalid), forClient: slot).outcome
    guard clients[slot].connection == .connected, let current = clients[slot].token else {
      return .failure(
        ExchangeRejectionReport(
          checker: .sdk, code: code, message: "\(clients[slot].id) is not connected", fields: [],
          rule: .exchangeRequiresConnection))
    }
    switch ExchangeCheck.check(current: current, newToken: newToken) {
    case .success(let parsed):
      return .success(parsed)
    case .failure(let rejection):
      var fields: [String] = []
      if case .immutableClaimsDiffer(let differing) = rejection { fields = differing }
      return .failure(
        ExchangeRejectionReport(
          checker: .sdk, code: code, message: "\(rejection)", fields: fields, rule: rejection.rule))
    }
  }

  private func reject(_ slot: Int, _ report: ExchangeRejectionReport) {
    emit(.runner, .exchangeRejected) { verdict in
      verdict.participant = clients[slot].id
      verdict.code = report.code.number
      verdict.errorCode = report.code.name
      verdict.message = report.message
      verdict.fields = report.fields
    }
    emitWholeClient(.error, observer: slot, about: slot) { error in
      error.code = report.code.number
      error.errorCode = report.code.name
      error.message = report.message
    }
  }

  private func accept(_ slot: Int, _ new: ParticipantToken) {
    guard let old = clients[slot].token else { return }
    let metadataChanged = clients[slot].adopt(new)
    emit(.runner, .exchangeAccepted) { $0.participant = clients[slot].id }
    emitServer(.tokenExchanged, participant: slot) { exchanged in
      exchanged.userId = new.claims.userId
      exchanged.attributes = new.claims.attributes
      exchanged.capabilities = new.claims.capabilities
      exchanged.exchange = TokenExchangeSummary(
        previousToken: TokenSummary(old), newToken: TokenSummary(new))
    }
    applyCapabilityChange(slot, from: old.claims.capabilities, to: new.claims.capabilities) {
      if metadataChanged { self.announceMetadata(of: slot) }
      self.announceToSelf(slot)
    }
  }

  /// §3.3: publish lost while publishing unpublishes at once with no strategy question
  /// (the held metadata then reaches observers at the next publish, and only the
  /// exchanging Web client hears of it now); otherwise the metadata is announced, then
  /// publish gained asks the strategy and subscribe gained or lost starts or ends
  /// subscriptions.
  private func applyCapabilityChange(
    _ slot: Int, from old: Capabilities, to new: Capabilities, announce: () -> Void
  ) {
    let publishing = clients[slot].publish != .notPublished
    if !new.publish {
      clients[slot].pendingPublishQuestion = false
      if publishing { following(.exchangePublishLost) { unpublishFlow(slot) } }
      announce()
    } else {
      announce()
      if !old.publish && !publishing { following(.exchangePublishGained) { askPublish(slot) } }
    }
    if new.subscribe && !old.subscribe {
      following(.exchangeSubscribeGained) {
        for publisher in publishOrder where publisher != slot {
          askSubscribe(slot, to: publisher)
        }
      }
    } else if !new.subscribe && old.subscribe {
      following(.exchangeSubscribeLost) {
        for publisher in publishOrder where publisher != slot {
          let index = viewIndex(observer: slot, publisher: publisher)
          if views[index].subscribe != .notSubscribed {
            unsubscribe(slot, from: publisher, at: index)
          }
        }
      }
    }
  }

  /// §3.4: a publishing participant's new user ID / attributes go at once to every
  /// observer whose SDK has the metadata event; a non-publishing participant's update
  /// is held silently. The composition follows with policy `live`.
  private func announceMetadata(of slot: Int) {
    guard clients[slot].publish != .notPublished else {
      apply(.visibilityNotPublishingHeld)
      return
    }
    let version = clients[slot].version
    let column = clients[slot].publisherSlot
    let outer = ruleInForce
    defer { ruleInForce = outer }
    for observer in joinOrder where observer != slot {
      let index = ViewIndex(observer: observer, column: column)
      guard views[index].known else { continue }
      // The observer's SDK decides (resolved once per profile: `SDKRules`).
      let summary = clients.summaries[observer]
      ruleInForce = summary.metadataRule
      guard summary.hasMetadataEvent else {
        believeStale(observer: observer, about: slot, version: Int(views[index].version))
        continue
      }
      views[index].version = Int32(version)
      emitParticipantInfo(
        .participantMetadataUpdated, observer: observer, about: slot, version: version)
      believeCurrent(
        observer: observer, about: slot,
        reason: "participantMetadataUpdated carried the current values")
    }
    ruleInForce = outer
    compositionsSeeExchange(of: slot)
  }

  /// §3.4: the exchanging Web client (≥ 1.33.0, which every client that can exchange
  /// is) gets the metadata event for itself after every accepted exchange, publishing
  /// or not; iOS/Android get none (assumption: their docs are silent).
  private func announceToSelf(_ slot: Int) {
    let tells = apply(clients[slot].sdkRules.hasSelfMetadataEvent)
    guard tells.outcome else { return }
    following(tells.rule) {
      emitParticipantInfo(
        .participantMetadataUpdated, observer: slot, about: slot, version: clients[slot].version)
    }
  }
}
