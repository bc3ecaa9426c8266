/// `attach`: a live session gains participants while the monitor runs. A participant the
/// records show joining after the run began is registered then, as `init` registers the
/// scenario's own (first token minted at the scenario's start, strategy, SDK), so the steps
/// that follow can act on it without a new run. One the session knew only from the
/// participant list is declared again when its own records arrive, before its first step.
extension ScenarioRunner {
  /// Registers `participant` now; throws when its ID is taken (changing nothing) or its token
  /// cannot be minted (it is then registered without one, and its join is refused).
  public func register(_ participant: ScenarioParticipant) throws(ScenarioError) {
    let location = "participant \(participant.id)"
    guard stage.slotByID[participant.id] == nil else {
      throw ScenarioError(
        file: file, location: location, message: "participant \(participant.id) already exists")
    }
    if let request = try addParticipant(participant, location: location) {
      try signFirstTokens([(participant.id, location, request)])
    }
    lateParticipants.append((participant, tokens[participant.id] ?? ""))
  }

  /// Declares a registered participant that has never published again — its SDK, strategy and
  /// first token (the one it joined with, when it is connected) as `participant` has them — so
  /// the steps that follow act on what its own records say rather than on what the participant
  /// list alone said (`Stage.redeclare`). Throws, changing nothing, when the stage refuses.
  public func redeclare(_ participant: ScenarioParticipant) throws(ScenarioError) {
    let id = participant.id
    let location = "participant \(id)"
    let kept = tokens[id]
    do {
      if let request = try firstToken(of: participant, location: location) {
        try signFirstTokens([(id, location, request)])
      }
    } catch {
      tokens[id] = kept
      throw error
    }
    let token = tokens[id] ?? ""
    do {
      try stage.redeclare(
        participant: id, sdk: participant.sdk, strategy: participant.strategy, token: token)
    } catch {
      tokens[id] = kept
      throw ScenarioError(file: file, location: location, message: error.message)
    }
    strategies[id] = participant.strategy
    redeclared[id] = (participant, token, history.count)
  }

  /// After a checkpoint was restored: the participants registered after it was taken are
  /// registered again (not joined), in their order, so steps replayed or run later find them;
  /// those declared again at or after its step are declared so again (before their first step,
  /// so the stage takes it).
  func registerLateParticipantsAgain(at step: Int) {
    for late in lateParticipants where stage.slotByID[late.participant.id] == nil {
      tokens[late.participant.id] = late.token
      strategies[late.participant.id] = late.participant.strategy
      // Cannot fail: the ID was registered once, and the restored stage has fewer slots.
      try? stage.addParticipant(
        id: late.participant.id, sdk: late.participant.sdk, strategy: late.participant.strategy)
    }
    for (id, again) in redeclared where step <= again.step {
      let participant = again.participant
      // Cannot fail: the stage took it at this point of the run before.
      try? stage.redeclare(
        participant: id, sdk: participant.sdk, strategy: participant.strategy, token: again.token)
      tokens[id] = again.token
      strategies[id] = participant.strategy
    }
  }
}
