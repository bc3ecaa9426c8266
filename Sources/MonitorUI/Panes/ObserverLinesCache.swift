import StageEngine

/// What the detail pane laid out for each observer it showed, kept for the next frame: a frame
/// shows the same observers as the one before, and laying out an observer's lines
/// (`ObserverLayout.lines`) was what each observer line shown cost most, so a taller, wider
/// pane's frame cost more than a smaller one's by that much per observer.
///
/// Pure memoization: an entry is used only when what the row is made from (`Source`) and the
/// layout it was made in equal the ones asked about, else the lines are made again, so a frame
/// is the same with the cache as without it (`ObserverLinesCacheTests`). Held by the
/// `WhoSeesWhat` whose rows it lays out, whose SDK guesses (which mark a row's profile) are
/// fixed, so a new subject starts empty. At most `bound` entries are kept.
final class ObserverLinesCache: Sendable {
  /// Where an entry is kept: a few widths may be kept, as sizes alternate when a terminal is
  /// resized back and forth.
  private struct Key: Hashable, Sendable {
    let observer: Int
    let width: Int
    let reasonBeside: Bool
  }

  /// What a row is made from, compared instead of the row: making an observer's row (its
  /// profile's text) cost more than finding its kept lines.
  enum Source: Equatable, Sendable {
    /// An observer's view of the subject, with its ID and SDK (the row's profile).
    case view(observer: String, sdk: SDKProfile, RemoteViewSnapshot)
    /// A row kept as it is (a composition's).
    case row(ObserverBelief)
  }

  /// What an entry is checked against: the row's source and the layout it was laid out in.
  private struct Made: Equatable, Sendable {
    let source: Source
    let layout: ObserverLayout
  }

  /// Entries kept at most, far more than a pane shows; past it the cache starts again.
  static let bound = 256

  private let entries = SlotMemo<Key, Made, [[Span]]>(bound: bound)

  /// Entries kept now.
  var count: Int { entries.count }

  /// The lines of row `observer`, made from `source` (as `row` makes it), in `layout` (or the
  /// lines made before from the same source in the same layout).
  func lines(
    _ observer: Int, from source: Source, in layout: ObserverLayout, reasonBeside: Bool,
    row: () -> ObserverBelief
  ) -> [[Span]] {
    let key = Key(observer: observer, width: layout.width, reasonBeside: reasonBeside)
    return entries.value(at: key, from: Made(source: source, layout: layout)) {
      layout.lines(row(), reasonBeside: reasonBeside)
    }
  }
}
