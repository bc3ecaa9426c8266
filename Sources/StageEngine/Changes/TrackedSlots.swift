/// State stored per participant slot whose writes are tracked (see `TrackedSlots`): what a
/// write must report besides "this slot changed".
protocol SlotState {
  /// Changes whenever something *other* participants' snapshots show of this one changes
  /// (a client's metadata version). Views of other participants return a constant.
  var stampSeenByOthers: Int { get }
  /// The few fields a fan-out reads of every element, kept again side by side in
  /// `TrackedSlots.summaries` when `keepsSummaries` (see `FanOutFields`).
  associatedtype Summary
  var summary: Summary { get }
  /// Whether `TrackedSlots` keeps `summaries` for this kind of element.
  static var keepsSummaries: Bool { get }
}

/// An array of per-slot state that remembers which participant slots were written since the
/// last `takeChanges()`, so that a refresh rebuilds the snapshots of those participants only.
///
/// The tracking is the subscript's one side effect, and the reason it exists: every write goes
/// through `_modify`, so an engine action reports what it changed without saying so, and a new
/// action that writes `clients[slot]` or `views[index]` (`ViewTable`, one of these per
/// publisher column) is tracked like every existing one — none can forget to. Reads (`_read`)
/// track nothing. Element `i` belongs to participant slot `i`.
///
/// The elements are stored in fixed-size chunks, each its own copy-on-write array, because
/// time travel keeps copies of the stage (checkpoints) that share this storage: the first
/// write after a checkpoint copies the one chunk it lands in (`chunkSize` elements), not the
/// whole table of 10,000 participants.
struct TrackedSlots<Element: SlotState>: RandomAccessCollection {
  /// Elements per chunk: `1 << chunkShift`.
  static var chunkSize: Int { 1 << chunkShift }
  private static var chunkShift: Int { 8 }
  private var chunks: [[Element]] = []
  private var elementCount = 0
  /// What was written since the changes were last taken.
  private var changes = SlotChanges()
  /// The element written last since the changes were taken: a fan-out writes one observer's
  /// view several times in a row, and a repeated write need not be inserted again.
  private var lastWritten: Int?
  /// Each element's `summary`, by index, refreshed by every write through the subscript (empty
  /// unless `Element.keepsSummaries`). Kept here, not in a wrapper around this table: a
  /// wrapper's subscript yielding this one's nests two read coroutines, which the optimizer
  /// compiled into a read of a freed coroutine frame (found by the `scenario-run` fuzzer).
  private(set) var summaries: [Element.Summary] = []

  /// An empty table.
  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { elementCount }

  subscript(index: Int) -> Element {
    // Borrowed, not copied: a fan-out reads single fields of 10,000 clients, and a getter
    // that returned each whole client would retain and release its token and history.
    _read { yield chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
    _modify {
      let chunk = index >> Self.chunkShift
      let offset = index & (Self.chunkSize - 1)
      let before = chunks[chunk][offset].stampSeenByOthers
      yield &chunks[chunk][offset]
      if index != lastWritten {
        lastWritten = index
        changes.changed.insert(index)
      }
      if chunks[chunk][offset].stampSeenByOthers != before { changes.forOthers.insert(index) }
      if Element.keepsSummaries { summaries[index] = chunks[chunk][offset].summary }
    }
  }

  /// Adds the element of a new participant.
  mutating func append(_ element: Element) {
    if elementCount & (Self.chunkSize - 1) == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    chunks[chunks.count - 1].append(element)
    if Element.keepsSummaries { summaries.append(element.summary) }
    elementCount += 1
    changes.grew = true
  }

  /// Hands over what changed since the last call and starts afresh (keeping the sets' storage).
  mutating func takeChanges() -> SlotChanges {
    defer {
      changes.removeAll()
      lastWritten = nil
    }
    return changes
  }
}

/// What a `TrackedSlots` table saw written between two `takeChanges()`: whose snapshots a
/// refresh must rebuild.
struct SlotChanges {
  /// Participants whose own snapshot may have changed.
  var changed = SlotSet()
  /// Participants whose change other participants' snapshots show (every observer of them).
  var forOthers = SlotSet()
  /// Whether participants were added (every snapshot index may have moved).
  var grew = false

  /// Forgets every change, keeping the sets' storage.
  mutating func removeAll() {
    changed.removeAll()
    forOthers.removeAll()
    grew = false
  }
}

extension Client: SlotState {
  var stampSeenByOthers: Int { history.count }
  var summary: FanOutFields { FanOutFields(self) }
  static var keepsSummaries: Bool { true }
}

extension RemoteView: SlotState {
  var stampSeenByOthers: Int { 0 }
  var summary: Void { () }
  static var keepsSummaries: Bool { false }
}
