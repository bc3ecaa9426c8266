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
  struct Layout: Hashable, Sendable {
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
  struct Rows: Sendable {
    let head: [Span]
    let subject: [[Span]]
  }

  private struct Key: Hashable, Sendable {
    let number: Int
    let layout: Layout
  }

  /// Lines kept at most, far more than a screen shows; past it the cache starts again.
  static let bound = 512

  private let lines = SlotMemo<Int, LogEntry, LogLine>(bound: bound)
  private let rows = SlotMemo<Key, LogEntry, Rows>(bound: bound)

  /// Line `number` of the log, `entry` formatted (or the line formatted from it before).
  func line(_ number: Int, of entry: LogEntry) -> LogLine {
    lines.value(at: number, from: entry) { entry.line }
  }

  /// The rows of line `number` (formatted from `entry` as `line`) in `layout`, made by `make`
  /// unless they were made for the same entry and layout before.
  func rows(
    _ number: Int, of entry: LogEntry, line: LogLine, in layout: Layout,
    make: (LogLine) -> Rows
  ) -> Rows {
    rows.value(at: Key(number: number, layout: layout), from: entry) { make(line) }
  }
}
