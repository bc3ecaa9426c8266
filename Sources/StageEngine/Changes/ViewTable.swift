/// Where one observer's view of one publisher is: the observer's slot and the publisher's
/// column (`Client.publisherSlot`).
struct ViewIndex {
  let observer: Int
  let column: Int
}

/// Every observer's view of every publisher, a tracked table per publisher column.
///
/// Column by column because a fan-out writes one publisher's view in every observer: kept
/// observer by observer, that write touched every chunk of the whole table, and after a
/// time-travel checkpoint (one per UI action) each of them was copied — 12 columns' worth of
/// copying for one column's change. Per column, an element is its observer's slot, so tracking
/// a write needs no division either.
struct ViewTable {
  private var columns = Array(repeating: TrackedSlots<RemoteView>(), count: Stage.publisherLimit)

  subscript(index: ViewIndex) -> RemoteView {
    // A copy, not a yield of the column's own read coroutine: a view is 8 bytes of plain data,
    // and a read accessor yielding another one's value is what the optimizer once compiled
    // into a read of a freed coroutine frame (see `TrackedSlots.summaries`).
    get { columns[index.column][index.observer] }
    _modify { yield &columns[index.column][index.observer] }
  }

  /// Adds the views of a new participant (none known yet).
  mutating func appendParticipant() {
    for column in columns.indices { columns[column].append(RemoteView()) }
  }

  /// Hands over which observers' views changed since the last call, and whether participants
  /// were added.
  mutating func takeChanges() -> (changed: SlotSet, grew: Bool) {
    var changed: SlotSet?
    var grew = false
    for column in columns.indices {
      let taken = columns[column].takeChanges()
      grew = grew || taken.grew
      guard !taken.changed.slots.isEmpty else { continue }
      if changed == nil {
        changed = taken.changed
      } else {
        for slot in taken.changed.slots { changed?.insert(slot) }
      }
    }
    return (changed ?? SlotSet(), grew)
  }
}
