/// The header's timeline (time travel): where the session stands, as "step 7/13 ▕███░░▏" — steps
/// run so far (scripted or live, what `b` and `:goto` count) of those it will have when the
/// script's remaining steps have run.
enum TimelineText {
  /// Cells of the bar.
  static let barWidth = 8

  /// "step 7/13 ▕███░░░░░▏", or "7/13" when `compact`.
  static func text(_ state: AppState, ascii: Bool, compact: Bool) -> String {
    let done = state.runner.history.count
    let left = max(0, state.script.total - state.script.done)
    let (total, overflow) = done.addingReportingOverflow(left)
    let end = overflow ? done : total
    let counts = "\(done)/\(end)"
    guard !compact else { return counts }
    let filled = end == 0 ? barWidth : done * barWidth / end
    let (full, empty, open, close) = ascii ? ("#", "-", "[", "]") : ("█", "░", "▕", "▏")
    let bar =
      open + String(repeating: full, count: filled)
      + String(repeating: empty, count: barWidth - filled) + close
    return "step \(counts) \(bar)"
  }
}
