/// Incremental snapshots: the stage remembers which participants its actions touched, so the UI
/// can bring its snapshot up to date at the cost of what changed instead of taking a whole new
/// one (21 ms at 10,000 participants).
///
/// How an action reports its changes: it does not have to. Every write to `clients[slot]` or
/// `views[index]` goes through `TrackedSlots`, which marks the participant; a change to a
/// client's metadata version marks every observer of it when it publishes; the order arrays and
/// participant registration mark everything. New per-participant state belongs in `Client` or
/// `RemoteView` so that it is tracked the same way; new stage-wide state must be read in
/// `refreshStageWide` (it is re-read on every refresh). `IncrementalSnapshotTests` replays
/// every scenario step and checks the refreshed snapshot equals `snapshot()`.
extension Stage {
  /// Brings `snapshot` — taken from this stage with `snapshot()` and since kept up to date only
  /// by this method — to what `snapshot()` would return now, and says what changed. One
  /// consumer per stage: the changes are handed over, not copied.
  @discardableResult
  public func refresh(_ snapshot: inout StageSnapshot) -> StageChanges {
    let own = clients.takeChanges()
    let viewChanges = views.takeChanges()
    let publisherSeenChanged = own.forOthers.slots.contains { clients[$0].publisherSlot >= 0 }
    let grew = own.grew || viewChanges.grew
    let mismatched = snapshot.participants.count != clients.count
    let everything = grew || orderChanged || publisherSeenChanged || mismatched
    orderChanged = false
    var changedIDs: [String] = []
    if everything {
      refreshAll(&snapshot, ownChanges: own.changed, grew: grew)
    } else {
      // Own changes first, then participants only whose view of others changed (each once).
      let viewOnly = viewChanges.changed.slots.filter { !own.changed.contains($0) }
      var sharing = RemoteViewSharing(self)
      for slot in own.changed.slots + viewOnly {
        let fresh = participantSnapshot(slot, sharing: &sharing)
        guard snapshot.participants[slot] != fresh else { continue }
        snapshot.participants[slot] = fresh
        changedIDs.append(fresh.id)
      }
    }
    if grew || mismatched || asksChanged(own.changed, in: snapshot) {
      snapshot.pendingQuestions = pendingQuestions()
    }
    let composition = refreshStageWide(
      &snapshot, joinOrderChanged: joinOrderChanged || grew || mismatched)
    joinOrderChanged = false
    return StageChanges(
      everyParticipant: everything, participants: changedIDs, composition: composition)
  }

  /// Rebuilds every participant's snapshot: whole for those added or whose own client
  /// changed, else only what it sees of others (a publish, an unpublish or a publisher's new
  /// metadata changes every observer's view and nothing else of it).
  private func refreshAll(_ snapshot: inout StageSnapshot, ownChanges: SlotSet, grew: Bool) {
    var sharing = RemoteViewSharing(self)
    guard !grew, snapshot.participants.count == clients.count else {
      snapshot.participants = clients.indices.map { participantSnapshot($0, sharing: &sharing) }
      return
    }
    // Through one buffer: writing `snapshot.participants[slot]` checks the array is unique on
    // each of 10,000 writes.
    snapshot.participants.withUnsafeMutableBufferPointer { participants in
      for slot in participants.indices {
        if ownChanges.contains(slot) {
          participants[slot] = participantSnapshot(slot, sharing: &sharing)
        } else {
          participants[slot].remotes = remoteViews(of: slot, sharing: &sharing)
        }
      }
    }
  }

  /// Whether a strategy question may have been asked or answered: only a client that changed
  /// can have one now or have had one in `snapshot` (the list scans every client).
  private func asksChanged(_ changed: SlotSet, in snapshot: StageSnapshot) -> Bool {
    changed.slots.contains { slot in
      clients[slot].pendingPublishQuestion
        || snapshot.pendingQuestions.contains { $0.participant == clients[slot].id }
    }
  }

  /// Re-reads the stage-wide parts (time, orders, composition); returns whether the
  /// composition changed.
  private func refreshStageWide(_ snapshot: inout StageSnapshot, joinOrderChanged: Bool) -> Bool {
    snapshot.time = clock.now
    snapshot.isDeleted = isDeleted
    if joinOrderChanged {
      Self.edit(&snapshot.joinOrder, toFollow: joinOrder, ids: participantIDs)
    }
    snapshot.publishers = publishOrder.map { clients[$0].id }
    let compositions = compositions.map(compositionSnapshot)
    guard compositions != snapshot.compositions else { return false }
    snapshot.compositions = compositions
    return true
  }

  /// Makes `order` the IDs of `slots` (`ids[slot]` each) by removing the IDs `slots` no longer
  /// has and appending the ones after the last it kept: the join order changes by leaves (a
  /// removal anywhere) and joins (an append), and rebuilding it would copy 10,000 IDs. Any
  /// other change (a checkpoint restored) still ends with `order` equal to the mapped `slots`:
  /// every ID that does not match the next wanted one is removed, the rest appended. IDs are
  /// swapped in one buffer and the slots read from one (`kept` stays below their count): after
  /// a reconnect every ID after the one that left moves up by one, and swapping in the array
  /// checks that it is unique on each of 10,000 swaps.
  static func edit(_ order: inout [String], toFollow slots: [Int], ids: [String]) {
    var kept = 0
    order.withUnsafeMutableBufferPointer { order in
      slots.withUnsafeBufferPointer { slots in
        for index in order.indices
        where kept < slots.count && order[index] == ids[slots[kept]] {
          if kept != index { order.swapAt(kept, index) }
          kept += 1
        }
      }
    }
    order.removeSubrange(kept...)
    order.append(contentsOf: slots[kept...].map { ids[$0] })
  }
}
