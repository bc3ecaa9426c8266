/// Observer beliefs in the stream (SPEC §3.4, last bullet): when what an observer (another
/// client, or the composition) believes about a publisher's `user_id`/attributes falls behind
/// the truth, and when it catches up, the stream gets a `beliefChanged` event. Only stale
/// pairs are remembered, so a fan-out to observers that stay current costs nothing extra.
extension Stage {
  /// The observer key that stands for composition `index`: minus its serial, so it never
  /// collides with a client slot and survives other compositions stopping.
  func compositionObserver(_ index: Int) -> Int { -compositions[index].serial }

  /// Observer `observer` still believes metadata `version` of `participant`, which has moved on.
  /// Emitted again when the truth moves on while the belief is already stale.
  func believeStale(observer: Int, about participant: Int, version: Int) {
    staleBeliefs.insert(BeliefKey(observer: observer, participant: participant))
    let name = clients[participant].id
    let reason =
      if let state = composition(observer: observer) {
        "composition \(state.id) (\(state.updates.outcome.rawValue)) keeps the attributes"
          + " \(name) started publishing with: sees the change when \(name) republishes or"
          + " reconnects"
      } else {
        staleReasons.reason(sdk: clients[observer].sdk, about: name)
      }
    emitBelief("stale", observer: observer, about: participant, version: version, reason: reason)
  }

  /// Observer `observer` now holds `participant`'s current metadata; reported only when its
  /// belief was stale.
  func believeCurrent(observer: Int, about participant: Int, reason: @autoclosure () -> String) {
    guard !staleBeliefs.isEmpty,
      staleBeliefs.remove(BeliefKey(observer: observer, participant: participant)) != nil
    else { return }
    emitBelief(
      "current", observer: observer, about: participant, version: clients[participant].version,
      reason: reason())
  }

  /// Forgets every stale belief of composition `index` (it is being stopped).
  func forgetBeliefs(ofComposition index: Int) {
    let observer = compositionObserver(index)
    staleBeliefs = staleBeliefs.filter { $0.observer != observer }
  }

  private func composition(observer: Int) -> CompositionState? {
    guard observer < 0 else { return nil }
    return compositions.first { $0.serial == -observer }
  }

  private func emitBelief(
    _ state: String, observer: Int, about participant: Int, version: Int, reason: String
  ) {
    let composition = composition(observer: observer)
    emit(.belief, .beliefChanged) { event in
      if let composition {
        event.observer = composition.id
      } else {
        event.observer = clients[observer].id
        event.sdk = clients[observer].sdk
      }
      event.participant = clients[participant].id
      event.state = state
      event.userId = clients[participant].history[version].userId
      event.attributes = clients[participant].history[version].attributes
      event.truth = clients[participant].truth
      event.reason = reason
    }
  }
}

/// One observer–participant pair whose belief is stale (a negative observer: a composition).
struct BeliefKey: Hashable {
  let observer: Int
  let participant: Int
}

/// The reason of a client observer's stale belief, built once per SDK profile for the
/// participant being fanned out (an exchange reaches thousands of observers but only a
/// handful of profiles), instead of once per observer.
struct StaleReasonCache {
  private var participant = ""
  private var reasons: [(sdk: SDKProfile, text: String)] = []

  /// The reason an observer on `sdk` misses `name`'s metadata update.
  mutating func reason(sdk: SDKProfile, about name: String) -> String {
    if name != participant {
      participant = name
      reasons.removeAll(keepingCapacity: true)
    }
    for entry in reasons where entry.sdk == sdk { return entry.text }
    let text =
      "\(sdk) has no participantMetadataUpdated (iOS/Android 1.37.0,"
      + " Web 1.33.0): sees the change when \(name) republishes or reconnects"
    reasons.append((sdk, text))
    return text
  }
}
