import StageEngine
import TerminalKit

/// The panes whose rows are kept across frames (`PaneMemo`): the two that fill the screen's
/// width and grow with its height, the event log and the participants table. Shared by copies
/// of a state, which is safe: rows are reused only for an equal key.
final class PaneMemos: Sendable {
  /// The log pane's rows.
  let log = PaneMemo<LogPaneKey>()
  /// The participants table's rows.
  let participants = PaneMemo<ParticipantsPaneKey>()
}

/// Everything the log pane is drawn from.
struct LogPaneKey: Equatable, Sendable {
  /// The log's revision: which lines it holds, its filter and pause.
  let revision: UInt64
  /// Lines scrolled up from the newest.
  let scroll: Int
  /// Whether the log has focus, and the selected line's number then.
  let focused: Bool
  let selected: Int?
  /// The glyph set (borders, ellipsis, symbols).
  let glyphs: BorderGlyphs
  let theme: Theme
}

/// Everything the participants table is drawn from: the rows in view and what their cells read.
struct ParticipantsPaneKey: Equatable, Sendable {
  /// The participants in view and the index of the first.
  let visible: [ParticipantSnapshot]
  let first: Int
  /// All participants (the title) and the selected index.
  let count: Int
  let selected: Int
  let focused: Bool
  /// The stage clock, for the expiry column.
  let now: Int64
  /// The SDK guesses of the participants in view.
  let guesses: [String?]
  let glyphs: BorderGlyphs
  let theme: Theme
}
