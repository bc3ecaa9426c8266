import IVSRules
import TokenCore

/// Join, leave, DisconnectParticipant, reconnect and stage deletion (SPEC §2.4).
extension Stage {
  /// Joins with `token` (compact JWT). The token is verified (§1: shape, signature
  /// by `kid`, `exp` in the future, this stage, not revoked) and the limits checked.
  /// On failure the client's app gets an `error` (§5.3) and the client stays
  /// disconnected. On success: `connecting → connected`, server `JOINED`, the
  /// publish question if the token allows publish, then every current publisher
  /// becomes visible to the new client.
  @discardableResult
  public func join(participant id: String, token: String) throws(StageActionError)
    -> ActionOutcome
  {
    let slot = try slot(of: id)
    guard clients[slot].connection == .disconnected else {
      throw StageActionError("\(id) is already connected")
    }
    switch admit(token) {
    case .failure(let refusal):
      following(refusal.rule) {
        emitClientError(slot, refusal.errorCase, message: refusal.message)
        if refusal.reachedService {
          emitServerError(
            .joinError, participant: slot, errorCode: refusal.serverCode,
            message: refusal.message)
        }
      }
      return .failed(refusal.message)
    case .success(let parsed):
      following(.tokenValidAtJoin) { connect(slot, with: parsed) }
      return .done
    }
  }

  /// The client leaves (`user-initiated`): unpublish first, then disconnected, server `LEFT`.
  public func leave(participant id: String) throws(StageActionError) {
    let slot = try connectedSlot(of: id)
    following(.leaveReason) { disconnect(slot, reason: "user-initiated") }
  }

  /// The DisconnectParticipant API: the participant leaves and its participant ID
  /// (`jti`) is revoked, so its token can never join again.
  public func disconnect(participant id: String) throws(StageActionError) {
    let slot = try connectedSlot(of: id)
    if let jti = clients[slot].token?.claims.jti { revokedParticipantIDs.insert(jti) }
    following(.joinRevokedParticipant) { disconnect(slot, reason: "participant-disconnected") }
  }

  /// Leaves, then joins again with the current token (a network reconnect). The
  /// composition picks up the participant's current attributes when it republishes.
  @discardableResult
  public func reconnect(participant id: String) throws(StageActionError) -> ActionOutcome {
    let slot = try connectedSlot(of: id)
    guard let token = clients[slot].token?.compact else {
      throw StageActionError("\(id) has no token to reconnect with")
    }
    following(.leaveReason) { disconnect(slot, reason: "user-initiated") }
    return try join(participant: id, token: token)
  }

  /// Deletes the stage: every connected participant leaves (`stage-deleted`), in
  /// join order, and no one can join afterwards.
  public func deleteStage() {
    following(.joinDeletedStage) {
      for slot in joinOrder { disconnect(slot, reason: "stage-deleted") }
    }
    isDeleted = true
  }

  struct JoinRefusal: Error {
    let errorCase: SDKErrorCode.Case
    let message: String
    let reachedService: Bool
    var serverCode: String? = nil
    /// The rule that refuses it.
    var rule: RuleID = .tokenValidAtJoin
  }

  func admit(_ compact: String) -> Result<ParticipantToken, JoinRefusal> {
    let token: ParticipantToken
    do {
      token = try ParticipantToken.parse(compact)
    } catch {
      return .failure(
        JoinRefusal(
          errorCase: .tokenMalformed, message: "\(error)", reachedService: false,
          rule: error.rule))
    }
    if let refusal = serviceRefusal(of: token, provenSigner: provenSigners[compact]) {
      return .failure(refusal)
    }
    return .success(token)
  }

  /// Checks the signatures of tokens participants will join with, all at once on every core,
  /// before the steps run (a scenario of 10,000 participants would otherwise check them one
  /// by one as they join). A join with one of them still checks everything else, and its
  /// signature again unless its `kid` still names the key that proved it.
  public func proveSignatures(of compacts: [String]) {
    let tokens = compacts.compactMap { compact in
      (try? ParticipantToken.parse(compact)).map { (compact, $0) }
    }
    let signers = TokenBatch.provenSigners(of: tokens.map(\.1), in: keys)
    for ((compact, _), signer) in zip(tokens, signers) {
      if let signer { provenSigners[compact] = signer }
    }
  }

  private func serviceRefusal(of token: ParticipantToken, provenSigner: PublicKey?)
    -> JoinRefusal?
  {
    func notAllowed(_ message: String, _ rule: RuleID) -> JoinRefusal {
      JoinRefusal(errorCase: .tokenNotAllowed, message: message, reachedService: true, rule: rule)
    }
    if isDeleted {
      return notAllowed("stage \(configuration.stageID) has been deleted", .joinDeletedStage)
    }
    do {
      try keys.verify(token, now: clock.now, provenSigner: provenSigner)
    } catch {
      let errorCase: SDKErrorCode.Case =
        switch error.category {
        case .malformed: .tokenMalformed
        case .expired: .tokenExpired
        case .notAllowed: .tokenNotAllowed
        }
      let message = TokenRefusalText.describe(error, of: token, now: clock.now)
      return JoinRefusal(
        errorCase: errorCase, message: message, reachedService: true, rule: error.rule)
    }
    if token.claims.resource != configuration.arn {
      return notAllowed(
        "token is for \(token.claims.resource), not \(configuration.arn)", .tokenValidAtJoin)
    }
    if revokedParticipantIDs.contains(token.claims.jti) {
      return notAllowed(
        "participant \(token.claims.jti) was disconnected and is revoked", .joinRevokedParticipant)
    }
    let publishers = decide(.publishersPerStage).outcome
    let subscribers = decide(.subscribersPerStage).outcome
    apply(.capacityJoin)
    if joinOrder.count >= publishers + subscribers {
      return JoinRefusal(
        errorCase: .stageAtCapacity,
        message: "stage at capacity (\(publishers) publishers + \(subscribers) subscribers)",
        reachedService: true, serverCode: "QUOTA_EXCEEDED", rule: .capacityJoin)
    }
    if token.header.alg == "KMS" { apply(.tokenIVSIssuedTrusted) }
    return nil
  }

  func connect(_ slot: Int, with token: ParticipantToken) {
    emitState(
      .connectionStateChanged, .connection(.connecting), observer: slot, about: slot)
    establish(slot, with: token, joined: true)
  }

  /// `connected` with `token`: server `JOINED` when `joined` (a new session), the publish
  /// question if the token allows publish, then every current publisher comes into view.
  func establish(_ slot: Int, with token: ParticipantToken, joined: Bool) {
    clients[slot].adopt(token)
    clients[slot].connection = .connected
    emitState(
      .connectionStateChanged, .connection(.connected), observer: slot, about: slot)
    if joined { emitServer(.joined, participant: slot) }
    joinOrder.append(slot)
    if clients[slot].capabilities.publish { following(.joinAsksPublish) { askPublish(slot) } }
    for publisher in publishOrder where publisher != slot {
      // A publisher that exchanged since it joined is seen with its current values.
      let rule: RuleID =
        clients[publisher].version > 0 ? .visibilityLateObserver : .visibilityPublishersOnly
      following(rule) { introduce(publisher, to: slot) }
    }
  }

  /// Unpublishes if publishing, ends the client's subscriptions, then disconnected and `LEFT`.
  func disconnect(_ slot: Int, reason: String) {
    loseConnection(slot)
    if clients[slot].sdk.platform == .web {
      following(.leaveReason) {
        emitWholeClient(.stageLeft, observer: slot, about: slot) { $0.reason = reason }
      }
    }
    emitServer(.left, participant: slot) { $0.reason = reason }
  }

  /// Unpublishes if publishing, ends the client's subscriptions, then `disconnected`:
  /// what leaving and a network drop have in common.
  func loseConnection(_ slot: Int) {
    clients[slot].pendingPublishQuestion = false
    if clients[slot].publish != .notPublished {
      following(.visibilityUnpublishLeaves) { unpublishFlow(slot) }
    }
    for publisher in publishOrder where publisher != slot {
      let index = viewIndex(observer: slot, publisher: publisher)
      if views[index].subscribe != .notSubscribed {
        unsubscribe(slot, from: publisher, at: index)
      }
      views[index] = RemoteView()
    }
    clients[slot].connection = .disconnected
    emitState(
      .connectionStateChanged, .connection(.disconnected), observer: slot, about: slot)
    if let position = joinOrder.firstIndex(of: slot) { joinOrder.remove(at: position) }
  }
}
