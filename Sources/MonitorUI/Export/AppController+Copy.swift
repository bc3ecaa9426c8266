import InputKit
import StageEngine
import TerminalKit

/// `c`: the focused pane's selected thing to the terminal's clipboard, by OSC 52 — the
/// participant's token (the user's own artefact; the status names it, never prints it), the
/// who-sees-what table as text, the selected event as JSON, the composition.
extension AppController {
  /// Copies what the focused pane has selected and says what was sent.
  func copySelection() {
    guard let (what, text) = copyTarget() else { return }
    guard let sequence = OSC52.sequence(copying: text) else {
      report("\(what) is too long for the terminal's clipboard (\(text.utf8.count) bytes)", .error)
      return
    }
    pendingSequence = sequence
    report("copied \(what) — sent to the terminal's clipboard (OSC 52)", .success)
  }

  /// A description and the text of what `c` copies now; nil (reported) when there is none.
  private func copyTarget() -> (String, String)? {
    switch state.focus {
    case .participants:
      guard let participant = state.selectedParticipant else { return nothing("participant") }
      guard let token = currentToken(of: participant.id) else {
        report("\(participant.id) has no token in force to copy", .error)
        return nil
      }
      return ("\(participant.id)'s token (\(token.utf8.count) characters)", token)
    case .detail:
      guard let participant = state.selectedParticipant else { return nothing("participant") }
      let beliefs = state.beliefs
      let text = CopyText.whoSeesWhat(participant, beliefs: beliefs)
      return ("who sees what \(participant.id) (\(beliefs.count) observers)", text)
    case .log:
      guard let line = state.selectedLogLine.flatMap({ state.log.line($0) }) else {
        return nothing("event")
      }
      guard let event = line.event else {
        return (
          "recorded event \(line.name)", "\(line.time) \(line.source) \(line.name) \(line.subject)"
        )
      }
      return ("event \(line.name) (seq \(event.seq)) as JSON", CopyText.json(event))
    case .composition:
      guard state.snapshot.composition != nil else { return nothing("composition") }
      let lines = CompositionView.content(state, ascii: false)
      return ("the composition", lines.map { $0.map(\.text).joined() }.joined(separator: "\n"))
    }
  }

  private func nothing(_ what: String) -> (String, String)? {
    report("no \(what) to copy here", .error)
    return nil
  }
}

/// The texts `c` copies, built on demand (never per frame).
enum CopyText {
  /// The who-sees-what table with a heading and aligned columns.
  static func whoSeesWhat(_ subject: ParticipantSnapshot, beliefs: [ObserverBelief]) -> String {
    let truth = subject.metadata.map(DetailContent.metadataText) ?? "—"
    let rows =
      [["OBSERVER", "PROFILE", "SEES", "BELIEVES", "WHY"]]
      + beliefs.map {
        [
          $0.observer, $0.profile, $0.isStale ? "STALE" : "current",
          DetailContent.metadataText($0.believed),
          ($0.reason ?? "") + ($0.rule.map { " [\($0)]" } ?? ""),
        ]
      }
    let widths = (0..<4).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    let table = rows.map { row in
      let padded = (0..<4).map { Span.fit(row[$0], widths[$0]) } + [row[4]]
      return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
    }
    return (["who sees what \(subject.id) — truth: \(truth)"] + table).joined(separator: "\n")
  }

  /// `event` as its JSON line (the headless stream's format; no signatures), without newline.
  static func json(_ event: StageEvent) -> String {
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    renderer.render(event, into: &bytes)
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}
