import StageEngine
import TerminalKit

/// The event log: only the visible window of lines is visited. Each line shows the time,
/// a symbol and colour by kind, the source and the observer (one column on narrow panes), the
/// platform's own event name — never cut: the column is as wide as the longest name shown —
/// and the subject with the ID of the rule that decided the event (`w` shows its text), which
/// wraps at spaces onto as many rows as it needs (below the head on narrow panes), so every
/// character of it is shown. A line the pane's edge cuts never passes for a whole one: a marker
/// row in place of its hidden rows names it and counts them ("↑ 5 more lines of 12:00:00 host
/// beliefChanged").
public enum LogView {
  /// A subject gets at least this many columns beside the head, else it starts below it…
  static let minimumSubjectColumns = 24
  /// …at this column (after the time and the symbol).
  static let belowSubjectX = 11
  /// The longest platform event name (`STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED`).
  static let longestName = 41

  /// One line as a frame places it: its number in the log, the row it starts on and the rows
  /// it takes (its head with the subject's first part, then the subject's continuations).
  struct Placed {
    /// The line's number in the log.
    let number: Int
    /// The formatted line.
    let line: LogLine
    /// The pane row its first row shown is on.
    let top: Int
    /// Its rows shown, top to bottom; when the pane's edge cuts the line, the marker row that
    /// stands for the hidden ones is on that edge's side.
    let rows: [Row]
    /// Whether every row of the line is shown (the line at the far end may be cut).
    let isWhole: Bool
  }

  /// One row of a line: the head with the subject's first part or a marker, drawn from the
  /// pane's left edge, or a continuation of the subject, drawn from the subject's column.
  struct Row {
    /// What the row shows.
    let spans: [Span]
    /// Whether it is drawn from the subject's column.
    let isContinuation: Bool
  }

  /// Renders into `rect` (border included), newest event at the bottom; the selected line is
  /// painted while the log has focus.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let selected = state.focus == .log ? state.selectedLogLine : nil
    let inner = PaneFrame.draw(
      rect, title: title(state.log), focused: state.focus == .log, theme: state.theme,
      into: &grid)
    guard inner.height > 0 else { return }
    let placed = placement(
      state.log, bottomOffset: state.logScroll, in: inner, ellipsis: grid.glyphs.ellipsis)
    let subjectX = placed.subjectX
    for line in placed.lines {
      for (offset, row) in line.rows.enumerated() {
        let x = inner.x + (row.isContinuation ? subjectX : 0)
        let y = line.top + offset
        Span.draw(row.spans, x: x, y: y, width: inner.maxX - x, theme: state.theme, into: &grid)
        if line.number == selected {
          grid.paint(
            Rect(x: inner.x, y: y, width: inner.width, height: 1), style: state.theme[.selection])
        }
      }
    }
    if placed.lines.isEmpty {
      let text = state.log.filter.isEmpty ? "no events yet" : "no events match the filter"
      grid.put(text, x: inner.x + 1, y: inner.y, style: state.theme[.muted])
    }
  }

  /// The lines a frame shows in `inner` with the line `bottomOffset` visible lines above the
  /// newest at the bottom — or, scrolled up to the oldest lines with rows to spare, the oldest
  /// line at the top and newer ones below, so no blank rows sit above it — and the column their
  /// subjects' continuations start at. Formats only the lines that can fit (`inner.height` at
  /// most); the renderer, mouse clicks and the selection's scrolling all use it, so they agree
  /// on what is where.
  static func placement(
    _ log: LogBuffer, bottomOffset: Int, in inner: Rect, ellipsis: String
  ) -> (lines: [Placed], subjectX: Int) {
    guard inner.height > 0 else { return ([], 0) }
    let numbers = log.window(limit: inner.height, offsetFromEnd: bottomOffset)
    let fromBottom = place(numbers, of: log, in: inner, ellipsis: ellipsis, fromTop: false)
    guard bottomOffset > 0, let first = fromBottom.lines.first, first.top > inner.y else {
      return fromBottom
    }
    let oldest = log.window(
      limit: inner.height, offsetFromEnd: max(0, log.visibleCount - inner.height))
    return place(oldest, of: log, in: inner, ellipsis: ellipsis, fromTop: true)
  }

  /// Places lines `numbers` (oldest first) from the pane's bottom up, or from its top down; the
  /// line at the far end is cut when it does not fit: its rows nearest the other lines are
  /// shown under (or above) a marker for the rest.
  private static func place(
    _ numbers: [Int], of log: LogBuffer, in inner: Rect, ellipsis: String, fromTop: Bool
  ) -> (lines: [Placed], subjectX: Int) {
    let lines = numbers.compactMap { number in log.line(number).map { (number, $0) } }
    let (layout, subjectX) = self.layout(of: lines.map(\.1), width: inner.width, ellipsis: ellipsis)
    var placed: [Placed] = []
    var edge = fromTop ? inner.y : inner.maxY
    for (number, line) in fromTop ? lines : lines.reversed()
    where fromTop ? edge < inner.maxY : edge > inner.y {
      let whole = rows(of: line, in: layout)
      let room = fromTop ? inner.maxY - edge : edge - inner.y
      let rows =
        whole.count <= room
        ? whole : cut(whole, of: line, to: room, atTop: !fromTop, ellipsis: ellipsis)
      let top = fromTop ? edge : edge - rows.count
      placed.append(
        Placed(number: number, line: line, top: top, rows: rows, isWhole: whole.count <= room))
      edge = fromTop ? top + rows.count : top
    }
    return (fromTop ? placed : placed.reversed(), subjectX)
  }

  /// The `room` rows shown of a line's `rows` (more than `room`) cut by the pane's top
  /// (`atTop`) or bottom: its rows nearest the rest of the log, and on the cut side a marker
  /// that says how many are hidden and whose they are, so a fragment never looks like a whole
  /// line ("↑ 5 more lines of 12:00:00 host beliefChanged"; without "more" when the marker is
  /// all that is shown).
  private static func cut(
    _ rows: [Row], of line: LogLine, to room: Int, atTop: Bool, ellipsis: String
  ) -> [Row] {
    let kept = max(0, room - 1)
    let arrow = ellipsis == "…" ? (atTop ? "↑" : "↓") : (atTop ? "^" : "v")
    let who = line.observer.isEmpty ? line.source : line.observer
    let lines = "\(rows.count - kept) \(kept == 0 ? "" : "more ")lines"
    let text = "\(arrow) \(lines) of \(line.time) \(who) \(line.name)"
    let marker = Row(spans: [Span(text, .muted)], isContinuation: false)
    return atTop ? [marker] + rows.suffix(kept) : rows.prefix(kept) + [marker]
  }

  /// `line`'s rows in `layout`: its head columns with the subject's first part, then the
  /// subject's continuations.
  private static func rows(of line: LogLine, in layout: Layout) -> [Row] {
    let laid = laidOut(line, in: layout)
    return laid.subject.enumerated().map { index, spans in
      index == 0
        ? Row(spans: laid.head + spans, isContinuation: false)
        : Row(spans: spans, isContinuation: true)
    }
  }

  /// The layout of `lines` (a window's) in a pane `width` columns wide, and the column their
  /// subjects start at.
  private static func layout(of lines: [LogLine], width: Int, ellipsis: String)
    -> (layout: Layout, subjectX: Int)
  {
    let wide = width >= 120
    let longest = min(longestName, lines.map { Span.columns($0.name) }.max() ?? 0)
    let whoX = 9 + 2 + (wide ? 12 + 15 : 15)
    // A name that does not fit beside the time and source starts the subject instead.
    let nameWidth = whoX + longest <= width ? longest : 0
    let besideX = whoX + nameWidth + 1
    // A narrow pane starts the subject on the row below the head, under the symbol.
    let below = width - besideX < minimumSubjectColumns
    let subjectX = below ? belowSubjectX : besideX
    let layout = Layout(
      wide: wide, nameWidth: nameWidth, wrapWidth: max(1, width - subjectX), below: below,
      ellipsis: ellipsis)
    return (layout, subjectX)
  }

  /// The layout a line's rows depend on.
  private struct Layout {
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

  /// `line`'s head columns and its subject wrapped in `layout`: every character of the subject
  /// is kept, on as many rows as it needs (an empty first row when it starts below the head).
  private static func laidOut(_ line: LogLine, in layout: Layout)
    -> (head: [Span], subject: [[Span]])
  {
    let head = spans(
      line, wide: layout.wide, nameWidth: layout.nameWidth, ellipsis: layout.ellipsis)
    let text = layout.nameWidth == 0 ? line.name + " " + line.subject : line.subject
    let rule = line.rule.isEmpty ? [] : [Span(" [\(line.rule)]", .muted)]
    let wrapped = Span.wrap([Span(text)] + rule, width: layout.wrapWidth)
    return (head, layout.below ? [[]] + wrapped : wrapped)
  }

  /// The rows the newest visible line takes in a pane `width` columns wide, laid out with the
  /// names of the newest `limit` lines (the screen's height: every line the pane could show):
  /// the layout gives the log at least these, so the newest event is never shown cut.
  static func newestRows(_ log: LogBuffer, width: Int, limit: Int) -> Int {
    let inner = Rect(x: 0, y: 0, width: width, height: max(1, limit))
    let numbers = log.window(limit: inner.height, offsetFromEnd: 0)
    let lines = numbers.compactMap { number in log.line(number) }
    guard let newest = lines.last else { return 1 }
    let layout = self.layout(of: lines, width: width, ellipsis: "…")
    return laidOut(newest, in: layout.layout).subject.count
  }

  /// Whether the line `offset` visible lines above the newest is shown whole when the line
  /// `bottom` above the newest is at the bottom of `inner`.
  static func showsWhole(_ log: LogBuffer, offset: Int, bottom: Int, in inner: Rect) -> Bool {
    guard let number = log.window(limit: 1, offsetFromEnd: offset).first else { return false }
    let placed = placement(log, bottomOffset: bottom, in: inner, ellipsis: "…").lines
    return placed.first { $0.number == number }?.isWhole ?? false
  }

  /// The number of the log line shown on row `y` of `inner`, if any (a click).
  static func line(atRow y: Int, _ state: AppState, in inner: Rect, ellipsis: String) -> Int? {
    let placed = placement(state.log, bottomOffset: state.logScroll, in: inner, ellipsis: ellipsis)
    return placed.lines.first { y >= $0.top && y < $0.top + $0.rows.count }?.number
  }

  /// "Events 42 · filter "meta" 3 · PAUSED 5 new".
  public static func title(_ log: LogBuffer) -> String {
    var parts = ["Events \(log.count)"]
    if !log.filter.isEmpty { parts.append("filter \"\(log.filter)\" \(log.visibleCount)") }
    if log.isPaused { parts.append("PAUSED \(log.newSincePause) new") }
    return parts.joined(separator: " · ")
  }

  /// The columns before the subject. Narrow panes show the observer, or the source for events
  /// without one, in a single column.
  static func spans(_ line: LogLine, wide: Bool, nameWidth: Int, ellipsis: String) -> [Span] {
    let ascii = ellipsis != "…"
    let role = line.category.role
    let source = line.sourceRole
    var spans = [
      Span(line.time + " ", .muted), Span(line.category.symbol(ascii: ascii) + " ", role),
    ]
    if wide {
      spans.append(Span(Span.fit(line.source, 11) + " ", source))
      spans.append(Span(Span.fit(line.observer, 14, ellipsis: ellipsis) + " "))
    } else {
      let who = line.observer.isEmpty ? line.source : line.observer
      spans.append(Span(Span.fit(who, 14, ellipsis: ellipsis) + " ", source))
    }
    if nameWidth > 0 {
      spans.append(Span(Span.fit(line.name, nameWidth, ellipsis: ellipsis) + " ", role))
    }
    return spans
  }
}
