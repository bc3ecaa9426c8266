/// The time of each recorded event, kept once per run of events at the same instant: the
/// virtual clock moves only between steps, so a fan-out of 100,000 events shares one entry and
/// a compact event carries no time of its own.
struct EventTimes: Sendable {
  /// Each run's first event index and time, in index order.
  private var runs: [(first: Int, time: Int64)] = []
  /// The last run's time, read for every event recorded (nil before the first).
  private var lastTime: Int64?

  /// Whether `time` is the last run's: the check made for every event recorded, so that only a
  /// new instant pays for `record`.
  @inline(__always)
  func isLast(_ time: Int64) -> Bool { time == lastTime }

  /// Notes that event `index` (the next one recorded) happened at `time`.
  @inline(never)
  mutating func record(_ time: Int64, at index: Int) {
    guard time != lastTime else { return }
    runs.append((index, time))
    lastTime = time
  }

  /// The time of event `index` (recorded).
  func time(at index: Int) -> Int64 {
    var low = 0
    var high = runs.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if runs[middle].first <= index { low = middle } else { high = middle }
    }
    return runs[low].time
  }

  /// The times of the events from `start` on, numbered from 0.
  func suffix(from start: Int) -> EventTimes {
    var kept = EventTimes()
    for (index, run) in runs.enumerated() {
      let next = index + 1 < runs.count ? runs[index + 1].first : Int.max
      guard next > start else { continue }
      kept.runs.append((max(0, run.first - start), run.time))
    }
    kept.lastTime = kept.runs.last?.time
    return kept
  }

  /// Forgets the times of the events from `index` on.
  mutating func removeAll(from index: Int) {
    while let last = runs.last, last.first >= index { runs.removeLast() }
    lastTime = runs.last?.time
  }

  /// Forgets every time.
  mutating func removeAll() {
    runs.removeAll(keepingCapacity: true)
    lastTime = nil
  }
}
