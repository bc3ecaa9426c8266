import Synchronization

/// What the detail pane laid out for each observer it showed, kept for the next frame: a frame
/// shows the same observers as the one before, and laying out an observer's lines
/// (`ObserverLayout.lines`) was what each observer line shown cost most, so a taller, wider
/// pane's frame cost more than a smaller one's by that much per observer.
///
/// Pure memoization: an entry is used only when the row it was made from and the layout it was
/// made in equal the ones asked about, else the lines are made again, so a frame is the same
/// with the cache as without it (`ObserverLinesCacheTests`). Held by the `WhoSeesWhat` whose
/// rows it lays out, so a new subject starts empty. At most `bound` entries are kept.
final class ObserverLinesCache: Sendable {
  /// Where an entry is kept: a few widths may be kept, as sizes alternate when a terminal is
  /// resized back and forth.
  private struct Key: Hashable {
    let observer: Int
    let width: Int
    let reasonBeside: Bool
  }

  private struct Entry {
    let belief: ObserverBelief
    let layout: ObserverLayout
    let lines: [[Span]]
  }

  /// Entries kept at most, far more than a pane shows; past it the cache starts again.
  static let bound = 256

  private let entries = Mutex<[Key: Entry]>([:])

  /// Entries kept now.
  var count: Int { entries.withLock { $0.count } }

  /// The lines of row `observer`, `belief`, in `layout` (or the lines made before for the same
  /// row and layout).
  func lines(
    _ observer: Int, of belief: ObserverBelief, in layout: ObserverLayout, reasonBeside: Bool
  )
    -> [[Span]]
  {
    let key = Key(observer: observer, width: layout.width, reasonBeside: reasonBeside)
    let kept = entries.withLock { entries -> [[Span]]? in
      guard let kept = entries[key], kept.belief == belief, kept.layout == layout else {
        return nil
      }
      return kept.lines
    }
    if let kept { return kept }
    let lines = layout.lines(belief, reasonBeside: reasonBeside)
    entries.withLock { entries in
      if entries.count >= Self.bound { entries.removeAll(keepingCapacity: true) }
      entries[key] = Entry(belief: belief, layout: layout, lines: lines)
    }
    return lines
  }
}
