/// Time travel: a copy of a stage's whole state, so the runner can go back to an earlier step
/// without replaying from the start. Every stored property is a value, so a copy costs little
/// (copy-on-write) until either side changes; restoring shares the checkpoint's buffers the same
/// way. The undrained events are not part of it: they belong to whoever drains them, and a
/// checkpoint holding them would copy the whole undrained stream on the next event. New stored
/// properties must be added to `assign(from:)` (`TimeTravelTests` check a restored stage's
/// snapshot against the one taken at that step).
extension Stage {
  /// A copy of this stage's state now, for `restore(_:)`.
  func checkpoint() -> Stage {
    let copy = Stage(configuration: configuration)
    copy.assign(from: self)
    return copy
  }

  /// Puts this stage back to `checkpoint`'s state (the checkpoint stays as it was), with no
  /// undrained events (`assign` restarts them at the checkpoint's `seq`).
  func restore(_ checkpoint: Stage) {
    assign(from: checkpoint)
  }

  /// The `seq` the next recorded event gets: where the stream stands.
  public var nextEventSeq: Int { nextSeq }

  private func assign(from other: Stage) {
    clock = other.clock
    keys = other.keys
    clients = other.clients
    events.tables = other.events.tables
    slotByID = other.slotByID
    joinOrder = other.joinOrder
    publishOrder = other.publishOrder
    joinOrderChanged = true
    orderChanged = true
    freePublisherSlots = other.freePublisherSlots
    views = other.views
    revokedParticipantIDs = other.revokedParticipantIDs
    isDeleted = other.isDeleted
    compositions = other.compositions
    compositionSerials = other.compositionSerials
    staleBeliefs = other.staleBeliefs
    // A failed assertion cites the rules of the step before it: the same after time travel.
    rulesOfStep = other.rulesOfStep
    events.restart(at: other.nextSeq)
  }
}
