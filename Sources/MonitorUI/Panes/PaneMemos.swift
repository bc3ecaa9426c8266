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
  /// The detail pane's wrapped summary, for the layout and the pane.
  let detailHead = ValueMemo<DetailHeadKey, [[Span]]>()
  /// The detail pane's wrapped token lines.
  let detailToken = ValueMemo<DetailHeadKey, [[Span]]>()
}

/// Everything the detail pane's summary and token lines are made from: the subject, its token
/// and the pending question (in the snapshot), the SDK guesses, the width they wrap at.
struct DetailHeadKey: Equatable, Sendable {
  let snapshot: UInt64
  let guesses: UInt64
  let subject: String
  let width: Int

  /// The key of `subject`'s lines in `state` at `width`.
  init(_ state: AppState, _ subject: ParticipantSnapshot, _ width: Int) {
    snapshot = state.snapshotRevision
    guesses = state.guessesRevision
    self.subject = subject.id
    self.width = width
  }
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

/// Everything the participants table is drawn from: the snapshot and the SDK guesses (by
/// revision), which rows are in view and which is selected.
struct ParticipantsPaneKey: Equatable, Sendable {
  let snapshot: UInt64
  let guesses: UInt64
  /// The index of the first participant in view, and of the selected one.
  let first: Int
  let selected: Int
  let focused: Bool
  let glyphs: BorderGlyphs
  let theme: Theme
}
