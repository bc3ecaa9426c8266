import StageEngine

/// The bounded event log: the newest `capacity` lines, a live substring filter and
/// a pause point.
///
/// Every operation a frame needs is O(visible lines): a drained burst is kept as one run of its
/// `EventBatch` and a line's event is made and formatted only when the line is drawn, filtered
/// or saved (a fan-out of 100,000 observer events costs one append while no filter is set; see
/// `LogRuns`); the filter keeps the matching line numbers as lines arrive, formatting a line's
/// search text once, on first need (a filter change rescans once), and pausing only freezes the
/// number of the newest line shown, so "N new" is a subtraction.
public struct LogBuffer: Sendable {
  /// At most this many lines are kept; older ones are dropped.
  public let capacity: Int
  private var runs = LogRuns()
  /// Search texts by `number % capacity`, each with its line number, formatted the first time
  /// a filter tests the line (made when a filter is first set).
  private var searchTexts: [(number: Int, text: String)?] = []
  /// Lines ever appended; line numbers run from 0 to `appended - 1`.
  public private(set) var appended = 0
  /// The filter text ("" shows everything). Lower-cased for matching.
  public private(set) var filter = ""
  private var matches: [Int] = []
  private var matchStart = 0
  /// The number of lines appended when the log was paused; nil while following.
  public private(set) var pausedAt: Int?

  /// Creates an empty log keeping at most `capacity` lines (at least 1).
  public init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Lines currently kept.
  public var count: Int { min(appended, capacity) }
  /// Number of the oldest kept line.
  public var oldest: Int { appended - count }
  /// Whether the view is frozen.
  public var isPaused: Bool { pausedAt != nil }
  /// Lines that arrived since the pause (0 while following).
  public var newSincePause: Int { pausedAt.map { appended - $0 } ?? 0 }

  /// Appends an event's line, dropping the oldest when full; formats nothing unless a filter
  /// must test it.
  public mutating func append(_ event: StageEvent) { append(.event(event)) }

  /// Appends a drained burst as one run, dropping the oldest lines when full. Only the newest
  /// `capacity` can stay, so a burst longer than the log keeps just those (drain it keeping at
  /// least `capacity`: the events it skipped cannot be shown); no event is made unless a filter
  /// must test it.
  public mutating func append(_ batch: EventBatch) {
    let skipped = max(batch.skipped, batch.count - capacity)
    let first = appended + skipped
    runs.append(batch, from: skipped, number: first)
    appended += batch.count
    runs.dropLines(before: oldest)
    if !filter.isEmpty {
      for number in first..<appended where isMatch(number) { matches.append(number) }
    }
    dropStaleMatches()
  }

  /// Appends a ready-made line (a recorded event), dropping the oldest when full.
  public mutating func append(_ line: LogLine) { append(.ready(line)) }

  /// Appends an entry, dropping the oldest when full.
  public mutating func append(_ entry: LogEntry) {
    runs.append(entry, number: appended)
    appended += 1
    if !filter.isEmpty, isMatch(appended - 1) { matches.append(appended - 1) }
    runs.dropLines(before: oldest)
    dropStaleMatches()
  }

  /// The kept line with number `number`, if still kept, formatted now.
  public func line(_ number: Int) -> LogLine? {
    entry(number)?.line
  }

  /// The kept entry with number `number`, if still kept, unformatted.
  public func entry(_ number: Int) -> LogEntry? {
    guard number >= oldest, number < appended else { return nil }
    return runs.entry(number)
  }

  /// Sets the filter (case-insensitive substring) and rescans once: only the current matches
  /// when the new filter contains the old one (typing narrows), else every kept line.
  public mutating func setFilter(_ text: String) {
    let new = text.lowercased()
    let narrowing = !filter.isEmpty && new.contains(filter)
    let candidates = narrowing ? Array(matches[matchStart...]) : Array(oldest..<appended)
    filter = new
    matches = []
    matchStart = 0
    guard !filter.isEmpty else { return }
    for number in candidates where isMatch(number) { matches.append(number) }
  }

  /// Whether kept line `number` contains `filter`, formatting its search text on first need; a
  /// filter longer than the line cannot.
  private mutating func isMatch(_ number: Int) -> Bool {
    if searchTexts.isEmpty { searchTexts = Array(repeating: nil, count: capacity) }
    let slot = number % capacity
    let text: String
    if let cached = searchTexts[slot], cached.number == number {
      text = cached.text
    } else {
      text = line(number)?.searchText ?? ""
      searchTexts[slot] = (number, text)
    }
    return filter.utf8.count <= text.utf8.count && text.contains(filter)
  }

  /// Freezes the view at the current newest line.
  public mutating func pause() { pausedAt = appended }
  /// Follows new lines again.
  public mutating func resume() { pausedAt = nil }

  /// How many lines the view can show (matching the filter, up to the pause point).
  public var visibleCount: Int {
    let end = pausedAt ?? appended
    guard !filter.isEmpty else { return max(0, end - oldest) }
    return matchIndex(before: end) - matchStart
  }

  /// Up to `limit` line numbers ending `offset` lines above the newest visible one, oldest
  /// first. O(limit + log n).
  public func window(limit: Int, offsetFromEnd offset: Int) -> [Int] {
    let end = pausedAt ?? appended
    guard limit > 0 else { return [] }
    if filter.isEmpty {
      let upper = max(oldest, end - max(0, offset))
      let lower = max(oldest, upper - limit)
      return Array(lower..<upper)
    }
    let upper = max(matchStart, matchIndex(before: end) - max(0, offset))
    let lower = max(matchStart, upper - limit)
    return Array(matches[lower..<upper])
  }

  /// How many visible lines are below the first visible line numbered `number` or later (0 for
  /// the newest): where a selection on line `number` sits, or on the nearest newer visible line
  /// when `number` was filtered out or dropped (the oldest visible line when it dropped off the
  /// ring, the newest when it lies beyond the pause point). Nil when nothing is visible.
  /// O(log n).
  public func offsetFromEnd(ofFirstAtOrAfter number: Int) -> Int? {
    let end = pausedAt ?? appended
    guard visibleCount > 0 else { return nil }
    if filter.isEmpty { return end - 1 - min(max(number, oldest), end - 1) }
    let last = matchIndex(before: end) - 1
    return last - min(matchIndex(before: number), last)
  }

  /// Lines matching the filter (all kept lines without one), up to the pause point, oldest
  /// first: what `s` saves.
  public func visibleLines() -> [LogLine] {
    window(limit: visibleCount, offsetFromEnd: 0).compactMap(line)
  }

  /// Index into `matches` of the first match at or after `number`.
  private func matchIndex(before number: Int) -> Int {
    var low = matchStart
    var high = matches.count
    while low < high {
      let middle = (low + high) / 2
      if matches[middle] < number { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private mutating func dropStaleMatches() {
    while matchStart < matches.count, matches[matchStart] < oldest { matchStart += 1 }
    if matchStart > 1024, matchStart * 2 > matches.count {
      matches.removeFirst(matchStart)
      matchStart = 0
    }
  }
}
