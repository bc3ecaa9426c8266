import StageEngine

/// Where the log's kept lines live: runs of consecutively numbered lines, each a slice of one
/// drained `EventBatch` or a single entry. A fan-out of 100,000 events is appended as one run
/// (no per-line work), and a line's event is made when the line is read.
struct LogRuns: Sendable {
  private enum Content: Sendable {
    /// Lines `first…` are the batch's events from `start` on.
    case batch(EventBatch, start: Int)
    case entry(LogEntry)
  }

  private struct Run: Sendable {
    let first: Int
    let count: Int
    let content: Content
    var end: Int { first + count }
  }

  private var runs: [Run] = []
  /// Index of the oldest run still kept; runs before it are dropped lazily.
  private var head = 0

  /// Keeps `entry` as line `number` (the next after the last kept).
  mutating func append(_ entry: LogEntry, number: Int) {
    runs.append(Run(first: number, count: 1, content: .entry(entry)))
  }

  /// Keeps `batch`'s events from `start` on as lines `number…`.
  mutating func append(_ batch: EventBatch, from start: Int, number: Int) {
    guard start < batch.count else { return }
    runs.append(
      Run(first: number, count: batch.count - start, content: .batch(batch, start: start)))
  }

  /// Forgets every run that holds only lines before `oldest`.
  mutating func dropLines(before oldest: Int) {
    while head < runs.count, runs[head].end <= oldest { head += 1 }
    if head > 1024, head * 2 > runs.count {
      runs.removeFirst(head)
      head = 0
    }
  }

  /// Line `number`'s entry, made now; nil if no kept run holds it.
  func entry(_ number: Int) -> LogEntry? {
    var low = head
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].end <= number { low = middle + 1 } else { high = middle }
    }
    guard low < runs.count, runs[low].first <= number else { return nil }
    switch runs[low].content {
    case .entry(let entry): return entry
    case .batch(let batch, let start): return .event(batch[start + number - runs[low].first])
    }
  }
}
