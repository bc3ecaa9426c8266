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

  /// Adds participant `participant` (after every one added before), whose view is at `remote`.
  mutating func append(participant: Int, remote: Int) {
    if let last = runs.last, last.participant + last.count == participant, last.remote == remote {
      runs[runs.count - 1].count += 1
    } else {
      runs.append(Run(firstRow: count, participant: participant, count: 1, remote: remote))
    }
    count += 1
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
