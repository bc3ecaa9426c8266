/// `attach`: a live session gains participants while the monitor runs. A participant the
/// records show joining after the run began is registered then, as `init` registers the
/// scenario's own (first token minted at the scenario's start, strategy, SDK), so the steps
/// that follow can act on it without a new run.
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

  /// After a checkpoint was restored: the participants registered after it was taken are
  /// registered again (not joined), in their order, so steps replayed or run later find them.
  func registerLateParticipantsAgain() {
    for late in lateParticipants where stage.slotByID[late.participant.id] == nil {
      tokens[late.participant.id] = late.token
      strategies[late.participant.id] = late.participant.strategy
      // Cannot fail: the ID was registered once, and the restored stage has fewer slots.
      try? stage.addParticipant(
        id: late.participant.id, sdk: late.participant.sdk, strategy: late.participant.strategy)
    }
  }
}
