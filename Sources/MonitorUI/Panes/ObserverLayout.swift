import StageEngine
import TerminalKit

/// One observer's lines in the who-sees-what list:
/// `  viewer-web      web@1.32.0       STALE  order=2  bob  sees it on republish`.
/// A STALE row leads with the fields that differ from the truth (the truth is in the
/// heading); they wrap onto more lines rather than being cut, the values it has right are
/// shortened first, and the reason with its rule's ID stays whole — beside them when it fits,
/// else on lines of its own.
struct ObserverLayout: Equatable {
  let width: Int
  let showsProfile: Bool
  /// The subject's true `user_id` and attributes.
  let truth: ParticipantMetadata?

  /// Columns before the believed metadata.
  var used: Int {
    DetailContent.observerColumns + (showsProfile ? DetailContent.profileColumns : 0)
  }

  /// Whether `belief`'s reason fits beside its badge and some of the believed metadata.
  func reasonFits(_ belief: ObserverBelief) -> Bool {
    let why = Span.columns(DetailContent.why(belief))
    return why == 0 || used + DetailContent.minimumBelieved + 2 + why <= width
  }

  /// The observer's lines; `reasonBeside` false puts the reason on a line of its own.
  func lines(_ belief: ObserverBelief, reasonBeside: Bool) -> [[Span]] {
    let why = DetailContent.why(belief)
    var prefix = [Span("  " + Span.fit(belief.observer, 15) + " ")]
    if showsProfile { prefix.append(Span(Span.fit(belief.profile, 15) + " ", .muted)) }
    prefix.append(DetailContent.marker(belief))
    let beside = reasonBeside && !why.isEmpty && reasonFits(belief)
    let room = width - used - (beside ? 2 + Span.columns(why) : 0)
    guard belief.isStale, let truth else {
      let believed = DetailContent.metadataText(belief.believed)
      let fitted = Span.columns(believed) > room ? Span.fit(believed, max(2, room)) : believed
      return [prefix + [Span(" " + fitted)] + (beside ? [Span("  " + why, .warning)] : [])]
    }
    let (differing, same) = DetailContent.split(belief.believed, truth)
    if Span.columns(differing) <= room - 1 {
      var line = prefix + [Span(" " + differing, .stale)]
      line += Self.same(same, room: room - 1 - Span.columns(differing))
      if beside { return [line + [Span("  " + why, .warning)]] }
      return [line] + reasonLine(why)
    }
    // Too long beside the reason: the differing fields wrap under themselves, whole.
    var lines = Span.wrap(
      prefix + [Span(" " + differing, .stale)], width: width,
      indent: String(repeating: " ", count: used + 1))
    if let last = lines.indices.last {
      let free = width - lines[last].reduce(0) { $0 + Span.columns($1.text) }
      lines[last] += Self.same(same, room: free)
    }
    return lines + reasonLine(why)
  }

  /// The values the observer has right, muted and shortened to `room` (left out below 4).
  private static func same(_ same: String, room: Int) -> [Span] {
    guard !same.isEmpty, room >= 4 else { return [] }
    return [Span("  " + (Span.columns(same) > room - 2 ? Span.fit(same, room - 2) : same), .muted)]
  }

  /// The reason on lines of its own, under the badge, wrapped rather than cut.
  private func reasonLine(_ why: String) -> [[Span]] {
    guard !why.isEmpty else { return [] }
    let indent = String(repeating: " ", count: DetailContent.observerColumns - 8)
    return Span.wrap([Span(indent + why, .warning)], width: width, indent: indent)
  }
}

/// How many lines each observer takes: the first `DetailContent.storyObservers` each as many
/// as it needs; every one after them the most of those (their reasons on lines of their own
/// when any of the first needed that), so finding an observer's line costs at most a walk
/// over the first few.
struct ObserverRows {
  /// Lines of each of the first observers.
  let first: [Int]
  /// Lines of each observer after them.
  let rest: Int
  /// Observers in all.
  let count: Int

  init(_ state: AppState, layout: ObserverLayout) {
    count = state.whoSeesWhat?.count ?? 0
    let shown = min(DetailContent.storyObservers, count)
    let beliefs = (0..<shown).compactMap { state.whoSeesWhat?.row($0, in: state.snapshot) }
    first = beliefs.map { layout.lines($0, reasonBeside: true).count }
    restBeside = beliefs.allSatisfy(layout.reasonFits)
    rest = max(restBeside ? 1 : 2, first.max() ?? 1)
  }

  /// Whether the observers after the first put their reason beside the badge.
  private let restBeside: Bool

  /// Lines of all observers.
  var lines: Int { first.reduce(0, +) + (count - first.count) * rest }

  /// Whether observer `index` puts its reason beside the badge.
  func reasonBeside(_ index: Int) -> Bool { index < first.count || restBeside }

  /// The observer on observer line `line`, and which of its lines that is.
  func observer(atLine line: Int) -> (observer: Int, part: Int) {
    var start = 0
    for (index, lines) in first.enumerated() {
      if line < start + lines { return (index, line - start) }
      start += lines
    }
    let (after, part) = (line - start).quotientAndRemainder(dividingBy: max(1, rest))
    return (first.count + after, part)
  }
}
