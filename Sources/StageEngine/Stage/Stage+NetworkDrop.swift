import IVSRules

/// A network drop and the SDK's own reconnection (SPEC §2.2) — not a leave and a join.
extension Stage {
  /// The client's network drops and its SDK reconnects on its own with the token it
  /// holds now (the last accepted exchange's, not the first one).
  ///
  /// The client goes `disconnected → connecting → connected`. Its media stops first:
  /// a publisher unpublishes (observers see streams removed and the participant leave)
  /// and its own subscriptions end. Unlike leave + join the client does not leave the
  /// stage (no Web `STAGE_LEFT`) and the service keeps its session (no `LEFT`/`JOINED`;
  /// assumption). Once reconnected it is asked the publish question as at join and
  /// publishers come back into view with their current values, so observers and
  /// compositions that lagged catch up. The service checks the token again: when it
  /// has expired or been revoked meanwhile the reconnection fails, the app gets the
  /// join error, the service ends the session (`LEFT`, `reconnect-failed`) and the
  /// client stays `disconnected`. Throws (changing nothing) when `id` is not connected.
  @discardableResult
  public func dropNetwork(participant id: String) throws(StageActionError) -> ActionOutcome {
    let slot = try connectedSlot(of: id)
    guard let compact = clients[slot].token?.compact else {
      throw StageActionError("\(id) has no token to reconnect with")
    }
    return following(.networkDropReconnects) {
      loseConnection(slot)
      emitState(
        .connectionStateChanged, .connection(.connecting), observer: slot, about: slot)
      switch admit(compact) {
      case .success(let token):
        establish(slot, with: token, joined: false)
        return .done
      case .failure(let refusal):
        apply(refusal.rule)
        let message = "reconnection refused: \(refusal.message)"
        following(.networkReconnectRefused) {
          emitClientError(slot, refusal.errorCase, message: message)
          emitServer(.left, participant: slot) { $0.reason = "reconnect-failed" }
          emitState(
            .connectionStateChanged, .connection(.disconnected), observer: slot,
            about: slot)
        }
        return .failed(message)
      }
    }
  }
}
