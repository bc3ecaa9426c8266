import StageEngine
import Synchronization

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
  private struct Key: Hashable {
    let observer: Int
    let width: Int
    let reasonBeside: Bool
  }

  /// What a row is made from, compared instead of the row: making an observer's row (its
  /// profile's text) cost more than finding its kept lines.
  enum Source: Equatable {
    /// An observer's view of the subject, with its ID and SDK (the row's profile).
    case view(observer: String, sdk: SDKProfile, RemoteViewSnapshot)
    /// A row kept as it is (a composition's).
    case row(ObserverBelief)
  }

  private struct Entry {
    let source: Source
    let layout: ObserverLayout
    let lines: [[Span]]
  }

  /// Entries kept at most, far more than a pane shows; past it the cache starts again.
  static let bound = 256

  private let entries = Mutex<[Key: Entry]>([:])

  /// Entries kept now.
  var count: Int { entries.withLock { $0.count } }

  /// The lines of row `observer`, made from `source` (as `row` makes it), in `layout` (or the
  /// lines made before from the same source in the same layout).
  func lines(
    _ observer: Int, from source: Source, in layout: ObserverLayout, reasonBeside: Bool,
    row: () -> ObserverBelief
  ) -> [[Span]] {
    let key = Key(observer: observer, width: layout.width, reasonBeside: reasonBeside)
    let kept = entries.withLock { entries -> [[Span]]? in
      guard let kept = entries[key], kept.source == source, kept.layout == layout else {
        return nil
      }
      return kept.lines
    }
    if let kept { return kept }
    let lines = layout.lines(row(), reasonBeside: reasonBeside)
    entries.withLock { entries in
      if entries.count >= Self.bound { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(source: source, layout: layout, lines: lines)
    }
    return lines
  }
}
