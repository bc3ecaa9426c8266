/// The header's timeline (time travel): where the session stands, as "step 7/13 ▕███▒░░░░▏" —
/// steps run so far (scripted or live, what `b` and `:goto` count) of those it will have when
/// the script's remaining steps have run, or when the steps gone back over are redone (`▒`)
/// if those reach further (at least one cell while there is a step to redo).
enum TimelineText {
  /// Cells of the bar.
  static let barWidth = 8

  /// "step 7/13 ▕███▒░░░░▏", or "step 7/13" when `compact` (a bare fraction would read as
  /// the publishers' count beside it).
  static func text(_ state: AppState, ascii: Bool, compact: Bool) -> String {
    let (done, end) = (state.script.sessionDone, state.script.sessionTotal)
    let counts = "\(done)/\(end)"
    guard !compact else { return "step \(counts)" }
    let filled = end == 0 ? barWidth : done * barWidth / end
    let redo = state.runner.redoCount
    let reach = end == 0 ? 0 : (done + redo) * barWidth / end
    let redone = min(barWidth - filled, max(reach - filled, redo > 0 ? 1 : 0))
    let (full, shaded, empty, open, close) =
      ascii ? ("#", "=", "-", "[", "]") : ("█", "▒", "░", "▕", "▏")
    let bar =
      open + String(repeating: full, count: filled) + String(repeating: shaded, count: redone)
      + String(repeating: empty, count: barWidth - filled - redone) + close
    return "step \(counts) \(bar)"
  }
}
