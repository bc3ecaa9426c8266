/// Where each client observer's view of one subject is in a snapshot, as runs: consecutive
/// participants that hold the subject at the same place in their `remotes` form one run, so
/// ten thousand observers that see the publishers alike take a few entries instead of ten
/// thousand (and no 160 KB list is allocated per fan-out).
struct ObserverViews: Sendable {
  /// Participants `participant ..< participant + count` hold the view at `remote`; they are
  /// rows `firstRow ..< firstRow + count`.
  private struct Run: Sendable {
    let firstRow: Int
    let participant: Int
    var count: Int
    let remote: Int
  }

  private var runs: [Run] = []
  /// Rows in all.
  private(set) var count = 0

  /// Adds `participants` (after every one added before), whose views are all at `remote`: a
  /// scan appends each stretch of observers that share one array at once, not one by one.
  mutating func append(participants: Range<Int>, remote: Int) {
    guard !participants.isEmpty else { return }
    if let last = runs.last, last.participant + last.count == participants.lowerBound,
      last.remote == remote
    {
      runs[runs.count - 1].count += participants.count
    } else {
      runs.append(
        Run(
          firstRow: count, participant: participants.lowerBound, count: participants.count,
          remote: remote))
    }
    count += participants.count
  }

  /// Every run in row order: the participants it covers and the place of their views.
  var placements: some Sequence<(participants: Range<Int>, remote: Int)> {
    runs.lazy.map { (participants: $0.participant..<$0.participant + $0.count, remote: $0.remote) }
  }

  /// Row `row`'s participant and the place of its view (0 ≤ row < count).
  subscript(row: Int) -> (participant: Int, remote: Int) {
    var low = 0
    var high = runs.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if runs[middle].firstRow <= row { low = middle } else { high = middle }
    }
    let run = runs[low]
    return (run.participant + row - run.firstRow, run.remote)
  }
}
