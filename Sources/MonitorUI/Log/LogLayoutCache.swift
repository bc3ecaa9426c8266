import Synchronization

/// What `LogView` made for the lines it showed, kept for the next frame: a frame shows nearly
/// the same lines as the one before, and formatting (`LogLine.init`) and wrapping each visible
/// line was what a taller, wider screen's frame cost most beyond a smaller one's.
///
/// Pure memoization: an entry is used only when the log entry it was made from equals the one
/// asked about, for the layout asked for (a few layouts may be kept: sizes alternate when a
/// terminal is resized back and forth), else it is made again, so a frame is the
/// same with the cache as without it (`LogLayoutCacheTests`). At most `bound` lines are kept.
final class LogLayoutCache: Sendable {
  /// The layout a line's rows depend on (the theme is applied when drawing, not here).
  struct Layout: Hashable {
    /// Whether the source and observer have a column each.
    let wide: Bool
    /// Columns of the name column (0: the name starts the subject).
    let nameWidth: Int
    /// Columns the subject wraps at.
    let wrapWidth: Int
    /// Whether the subject starts on the row below the head.
    let below: Bool
    /// The glyph set's truncation mark.
    let ellipsis: String
  }

  /// One line laid out: its head columns and the subject's rows (an empty first row when the
  /// subject starts below the head).
  struct Rows {
    let head: [Span]
    let subject: [[Span]]
  }

  private struct Entry {
    let entry: LogEntry
    let line: LogLine
  }

  private struct Laid {
    let entry: LogEntry
    let rows: Rows
  }

  private struct Key: Hashable {
    let number: Int
    let layout: Layout
  }

  /// Lines kept at most, far more than a screen shows; past it the cache starts again.
  static let bound = 512

  private let state = Mutex<(lines: [Int: Entry], rows: [Key: Laid])>(([:], [:]))

  /// Line `number` of the log, `entry` formatted (or the line formatted from it before).
  func line(_ number: Int, of entry: LogEntry) -> LogLine {
    state.withLock { state in
      if let kept = state.lines[number], kept.entry == entry { return kept.line }
      if state.lines.count >= Self.bound { state.lines.removeAll(keepingCapacity: true) }
      let line = entry.line
      state.lines[number] = Entry(entry: entry, line: line)
      return line
    }
  }

  /// The rows of line `number` (formatted from `entry` as `line`) in `layout`, made by `make`
  /// unless they were made for the same entry and layout before.
  func rows(
    _ number: Int, of entry: LogEntry, line: LogLine, in layout: Layout,
    make: (LogLine) -> Rows
  ) -> Rows {
    let key = Key(number: number, layout: layout)
    let kept = state.withLock { state -> Rows? in
      guard let kept = state.rows[key], kept.entry == entry else { return nil }
      return kept.rows
    }
    if let kept { return kept }
    let rows = make(line)
    state.withLock { state in
      if state.rows.count >= Self.bound { state.rows.removeAll(keepingCapacity: true) }
      state.rows[key] = Laid(entry: entry, rows: rows)
    }
    return rows
  }
}
