import InputKit
import StageEngine
import TerminalKit

/// The top bar: stage, virtual clock, the session's timeline (time travel), publishers,
/// composition policy, theme and what the keyboard is driving.
public enum HeaderView {
  /// Renders into `rect`. When everything does not fit, the least needed parts go first (the
  /// theme name, then the date, the timeline's bar, the driven participant's SDK, the labels'
  /// words, the publishers and the day of IVS told, the timeline), so the composition's policy
  /// is never cut.
  public static func render(_ state: AppState, in rect: Rect, into grid: inout CellGrid) {
    let style = state.theme[.header]
    grid.fill(rect, style: style)
    let ascii = grid.glyphs == .ascii
    let separator = ascii ? " | " : " │ "
    let (left, driving) = fitting(state, width: rect.width, separator: separator, ascii: ascii)
    // The stage's facts win over the driving text when even the shortest variant is too long.
    let room = max(0, rect.width - DisplayWidth.of(left) - 1)
    let shown = min(DisplayWidth.of(driving), room)
    grid.put(left, x: rect.x, y: rect.y, style: style, maxWidth: rect.width - shown)
    grid.put(
      driving, x: rect.maxX - shown, y: rect.y, style: style.adding(.bold), maxWidth: shown)
  }

  /// The left text and the driving text for `width`: the fullest variant that fits, else the
  /// shortest one (which the grid ends with an ellipsis). The texts the variants share are made
  /// once: a narrow screen tries most of the variants every frame.
  static func fitting(_ state: AppState, width: Int, separator: String, ascii: Bool) -> (
    String, String
  ) {
    let iso = VirtualTime.iso8601(state.clockPreview ?? state.snapshot.time)
    let clock = String(iso.dropFirst(11))
    let bar = TimelineText.text(state, ascii: ascii, compact: false)
    let counts = TimelineText.text(state, ascii: ascii, compact: true)
    let facts = Facts(state, ascii: ascii)
    let shown = [
      presentingText(state), playText(state, ascii: ascii), failedText(state, ascii: ascii),
    ].compactMap { $0 }
    let withSDK = drivingText(state, ascii: ascii, withSDK: true)
    let withID = drivingText(state, ascii: ascii, withSDK: false)
    var variant = ("", "")
    // Each text is measured once, however many variants show it.
    var measured: [String: Int] = [:]
    func columns(_ text: String) -> Int {
      if let known = measured[text] { return known }
      let columns = DisplayWidth.of(text)
      measured[text] = columns
      return columns
    }
    let separatorColumns = DisplayWidth.of(separator)
    // The step counter goes last: the driving text and the labels' words go before it.
    for (withTheme, time, timeline, driving, short) in [
      (true, iso, bar, withSDK, false), (false, iso, bar, withSDK, false),
      (false, clock, bar, withSDK, false), (false, clock, counts, withSDK, false),
      (false, clock, counts, withID, false), (false, clock, counts, "", false),
      (false, clock, counts, "", true), (false, "", counts, "", true),
      (false, "", counts, "", nil), (false, "", nil, "", nil),
    ] as [(Bool, String, String?, String, Bool?)] {
      let labelled = facts.parts(time: time, timeline: timeline, withTheme: withTheme)
      // nil: the shortest labels, and the publishers' count gives way to the step.
      let parts =
        shown + (short == false ? labelled : shortened(labelled, publishers: short != nil))
      variant = (" " + parts.joined(separator: separator), driving)
      // The sum of the parts' columns: a part that began with a combining mark would join the
      // separator's space, so the grid's ellipsis, not this sum, has the last word there.
      let left =
        1 + parts.reduce(0) { $0 + columns($1) } + max(0, parts.count - 1) * separatorColumns
      if left + 1 + columns(driving) <= width { break }
    }
    return variant
  }

  /// The parts with short label words ("stage " goes, "publishers " becomes "pub "; the
  /// publishers and the day of IVS told go with `publishers` false, before the step counter
  /// does), for narrow screens: every fraction keeps a word saying what it counts.
  private static func shortened(_ parts: [String], publishers: Bool) -> [String] {
    let droppable = ["publishers ", "IVS as of "]
    return parts.filter { part in publishers || !droppable.contains { part.hasPrefix($0) } }.map {
      part in
      for (label, short) in [("stage ", ""), ("publishers ", "pub ")] where part.hasPrefix(label) {
        return short + part.dropFirst(label.count)
      }
      return part
    }
  }

  /// The header's parts that every variant shows the same way.
  private struct Facts {
    let stage: String
    let live: String?
    /// "IVS as of 2025-12-01" while the rules are not today's (`--as-of`, a scenario's `asOf`).
    let asOf: String?
    let publishers: String
    let composition: String
    let theme: String

    init(_ state: AppState, ascii: Bool) {
      stage = stageText(state)
      live = state.live?.text(ascii: ascii)
      let rules = state.snapshot.rules
      asOf = rules.isLatest ? nil : "IVS as of \(rules.date)"
      publishers = "publishers \(state.snapshot.publishers.count)/\(Stage.publisherLimit)"
      if let shown = state.shownComposition {
        let others = state.snapshot.compositions.count - 1
        composition =
          "\(shown.configuration.layout.rawValue) \(shown.updates.outcome.rawValue)"
          + (others > 0 ? " +\(others)" : "")
      } else {
        composition = "no composition"
      }
      theme = "theme \(state.theme.name)"
    }

    /// The parts of one variant, left to right.
    func parts(time: String, timeline: String?, withTheme: Bool) -> [String] {
      var parts = [stage] + (time.isEmpty ? [] : [time])
      if let live { parts.append(live) }
      if let asOf { parts.append(asOf) }
      parts += timeline.map { [$0] } ?? []
      parts += [publishers, composition]
      if withTheme { parts.append(theme) }
      return parts
    }
  }

  /// "stage ID", or "stage NAME (ID)" for a live stage whose name GetStage gave.
  static func stageText(_ state: AppState) -> String {
    guard let name = state.live?.stageName, !name.isEmpty else { return "stage \(state.stageID)" }
    return "stage \(name) (\(state.stageID))"
  }

  /// "PRESENTING" while presenter mode is on, so nobody wonders why the log is gone.
  static func presentingText(_ state: AppState) -> String? {
    state.screenMode.presenting ? "PRESENTING" : nil
  }

  /// "▶ 2×" while the script plays, "❚❚ 2×" once paused ("> 2x", "|| 2x" in ASCII); nil before
  /// playing was ever started.
  static func playText(_ state: AppState, ascii: Bool) -> String? {
    guard let player = state.autoplay else { return nil }
    let symbol = player.isPlaying ? (ascii ? ">" : "▶") : (ascii ? "||" : "❚❚")
    return "\(symbol) \(player.speedText)\(ascii ? "x" : "×")"
  }

  /// "✘ 2 failed" once `expect` steps failed in the session ("X 2 failed"): assertions, as
  /// `stagemon test` counts them, not their statements.
  static func failedText(_ state: AppState, ascii: Bool) -> String? {
    let failed = state.runner.expectationResults.count { !$0.passed }
    return failed == 0 ? nil : "\(ascii ? "X" : "✘") \(failed) failed"
  }

  /// "▶ guest (android@1.37.0)", or the composition when its pane has focus.
  public static func drivingText(_ state: AppState, ascii: Bool, withSDK: Bool = true) -> String {
    let arrow = ascii ? ">" : "▶"
    if state.focus == .composition, let composition = state.shownComposition {
      return
        "\(arrow) composition \(composition.id) (\(composition.updates.outcome.rawValue))"
    }
    guard let participant = state.selectedParticipant else { return "\(arrow) nobody" }
    return withSDK
      ? "\(arrow) \(participant.id) (\(state.sdkGuesses.profile(participant.sdk, of: participant.id)))"
      : "\(arrow) \(participant.id)"
  }
}
