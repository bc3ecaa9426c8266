/// The events of one drain, handed over whole: the UI's log keeps a burst of 100,000 observer
/// events as one batch and makes a `StageEvent` only for the lines it draws, filters or saves,
/// so a key that fans out to every observer does not pay for events nobody reads.
///
/// A consumer that keeps only the newest lines asks for just those (`Stage.drainBatch`); the
/// events before them are counted (`skipped`), and the failures among all of them are made at
/// once, since the UI reports them. Immutable once made, so it can be shared by the log and read
/// from any thread.
public final class EventBatch: Sendable {
  /// The kept events: the last `count - skipped` of the drain.
  private let kept: CompactEvents
  /// How many events of the drain came before the kept ones and were not kept.
  public let skipped: Int
  /// Every event of a failure kind in the drain, kept or not, oldest first.
  public let failures: [StageEvent]

  init(_ kept: consuming CompactEvents, skipped: Int, failures: [StageEvent]) {
    self.kept = kept
    self.skipped = skipped
    self.failures = failures
  }

  /// A batch of events made elsewhere (replayed, read back, built by a test), kept whole.
  public convenience init(_ events: [StageEvent]) {
    var kept = CompactEvents()
    for event in events { kept.append(whole: event) }
    self.init(kept, skipped: 0, failures: kept.failures())
  }

  /// Number of events drained, kept or not.
  public var count: Int { skipped + kept.count }

  /// Event `index` (`skipped` ≤ index < `count`), made now.
  public subscript(index: Int) -> StageEvent { kept.event(at: index - skipped) }

  /// The `seq` of the last event, if any was kept.
  public var lastSeq: Int? { kept.count > 0 ? kept.seq(at: kept.count - 1) : nil }
}
