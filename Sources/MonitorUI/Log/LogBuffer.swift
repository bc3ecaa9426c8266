import StageEngine

/// The bounded event log: a ring of the newest `capacity` lines, a live substring filter and
/// a pause point.
///
/// Every operation a frame needs is O(visible lines): model events are kept raw and formatted
/// only when a line is drawn or saved (a burst of ten thousand observer events costs ten
/// thousand appends, not ten thousand formattings; see `LogEntry`); the filter keeps the matching line numbers as lines
/// arrive, formatting a line's search text once, on first need (a filter change rescans once),
/// and pausing only freezes the number of the newest line shown, so "N new" is a subtraction.
public struct LogBuffer: Sendable {
  /// At most this many lines are kept; older ones are dropped.
  public let capacity: Int
  private var ring: [LogEntry] = []
  /// Each kept line's search text, formatted the first time a filter tests it.
  private var searchTexts: [String?] = []
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

  /// Appends a burst of events' lines. Only the newest `capacity` can stay, so a burst longer
  /// than the log stores just those (a refresh never copies an event it would drop at once).
  public mutating func append(contentsOf events: [StageEvent]) {
    let skipped = events.count - capacity
    guard skipped > 0 else {
      for event in events { append(event) }
      return
    }
    // Line `number` lives in slot `number % capacity`; the kept lines fill every slot.
    let first = appended + skipped
    let shift = first % capacity
    let size = capacity
    let event = { (slot: Int) in LogEntry.event(events[skipped + (slot - shift + size) % size]) }
    if ring.count == capacity {
      for slot in 0..<capacity { ring[slot] = event(slot) }
    } else {
      ring = (0..<capacity).map(event)
    }
    searchTexts = Array(repeating: nil, count: capacity)
    appended += events.count
    matches = []
    matchStart = 0
    guard !filter.isEmpty else { return }
    for number in first..<appended where isMatch(number) { matches.append(number) }
  }

  /// Appends a ready-made line (a recorded event), dropping the oldest when full.
  public mutating func append(_ line: LogLine) { append(.ready(line)) }

  /// Appends an entry, dropping the oldest when full.
  public mutating func append(_ entry: LogEntry) {
    if ring.count < capacity {
      ring.append(entry)
      searchTexts.append(nil)
    } else {
      ring[appended % capacity] = entry
      searchTexts[appended % capacity] = nil
    }
    if !filter.isEmpty, isMatch(appended) { matches.append(appended) }
    appended += 1
    dropStaleMatches()
  }

  /// The kept line with number `number`, if still kept, formatted now.
  public func line(_ number: Int) -> LogLine? {
    entry(number)?.line
  }

  /// The kept entry with number `number`, if still kept, unformatted.
  public func entry(_ number: Int) -> LogEntry? {
    guard number >= oldest, number < appended else { return nil }
    return ring[number % capacity]
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
    let slot = number % capacity
    let text = searchTexts[slot] ?? ring[slot].line.searchText
    searchTexts[slot] = text
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
