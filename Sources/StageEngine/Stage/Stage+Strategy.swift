import IVSRules

/// `refreshStrategy` (SPEC §2.3): re-ask every question and apply only what changed.
extension Stage {
  /// Re-asks publish? (if the token allows publish) and subscribe? for every visible
  /// publisher (if it allows subscribe); starts or stops only what the answers change.
  public func refreshStrategy(participant id: String) throws(StageActionError) {
    let slot = try connectedSlot(of: id)
    following(.joinAsksPublish) {
      if clients[slot].capabilities.publish { askPublish(slot) }
      guard clients[slot].capabilities.subscribe else { return }
      for publisher in publishOrder where publisher != slot {
        askSubscribe(slot, to: publisher)
      }
    }
  }
}
