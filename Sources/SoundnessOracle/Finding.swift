import Foundation
import InputKit
import StageEngine

/// A violation kept as a regression fixture: the minimised folder, written file by file,
/// beside `FINDING.md` with the seed, the degradations, the false claim and the truth.
public enum Finding {
  /// Writes `folder` and its account as the folder `directory/<seed>-<kind>`, replacing a
  /// folder of that name whole (no file of an earlier minimisation stays beside the new
  /// ones); returns its path.
  public static func write(
    _ folder: RenderedFolder, violation: Violation, result: Oracle.Result,
    limits: SessionGenerator.Limits,
    into directory: String
  ) throws -> String {
    let path = "\(directory)/\(result.seed)-\(violation.kind.rawValue)"
    let pending = try PendingFolder(path: path)
    for file in folder.files { try pending.write(file.bytes, named: file.name) }
    let account = """
      # Soundness finding: \(violation.kind.rawValue)

      - seed: \(result.seed) (limits: participants \(limits.participants), actions \(limits.actions))
      - degradations: \(result.degradations.map(\.rawValue).joined(separator: ", "))
      - files (minimised): \(folder.files.map(\.name).joined(separator: ", "))
      - claim: \(violation.claim)
      - truth: \(violation.truth)

      Reproduce: `stagemon-soundness 1 \(result.seed) --participants \(limits.participants) \
      --actions \(limits.actions) --show DIR` writes the whole degraded folder and its truth;
      this folder is the smallest part of it on which explain still makes the claim.
      `stagemon explain THIS-FOLDER` shows the claim.

      ## The truth

      \(truthText(result.session))
      """
    try pending.write(account, named: "FINDING.md")
    try pending.commit(replacing: true)
    return path
  }

  /// Writes the whole degraded folder of `result` as `directory` with `TRUTH.md`, replacing
  /// a folder of that name whole.
  public static func show(_ result: Oracle.Result, into directory: String) throws {
    let pending = try PendingFolder(path: directory)
    for file in result.folder.files { try pending.write(file.bytes, named: file.name) }
    let text = """
      # Seed \(result.seed)

      - degradations: \(result.degradations.map(\.rawValue).joined(separator: ", "))
      - blockers: \(result.blockers.joined(separator: "; "))
      - violations:
      \(result.violations.map { "  - \($0)" }.joined(separator: "\n"))
      - traceless (not counted):
      \(result.traceless.map { "  - \($0)" }.joined(separator: "\n"))

      \(truthText(result.session))
      """
    try pending.write(text, named: "TRUTH.md")
    try pending.commit(replacing: true)
  }

  /// The participants, exchanges and stale spans of `session`, one line each.
  static func truthText(_ session: GeneratedSession) -> String {
    let truth = session.truth
    var lines = ["Participants (the SDK each really ran):"]
    lines += session.participants.map { "- \($0.id) \($0.userId) \($0.sdk)" }
    lines += ["", "Exchanges that changed user_id or attributes:"]
    lines += truth.exchanges.map {
      "- \(SoundnessChecker.clock($0.time)) \($0.participant) → \(SoundnessChecker.describe($0.metadata))"
    }
    lines += ["", "Stale spans (observer showed participant's replaced values):"]
    lines += truth.spans.map {
      "- \($0.observer) about \($0.participant): \(SoundnessChecker.clock($0.from)) – "
        + "\(SoundnessChecker.clock($0.until)) (\($0.until - $0.from) s), showed "
        + SoundnessChecker.describe($0.believed)
    }
    lines += ["", "What each stale observer was shown of the participant (the model's renderer):"]
    var pairs: [(String, String)] = []
    for span in truth.spans
    where !pairs.contains(where: { $0 == (span.observer, span.participant) }) {
      pairs.append((span.observer, span.participant))
    }
    for (observer, participant) in pairs {
      lines.append("- \(observer) about \(participant):")
      for event in session.events
      where event.source == .client && event.observer == observer
        && (event.participant == participant
          || (event.kind == .connectionStateChanged && event.participant == observer))
      {
        let shown =
          event.kind == .participantLeft || event.kind == .connectionStateChanged
          ? event.state ?? ""
          : SoundnessChecker.describe(
            ParticipantMetadata(userId: event.userId, attributes: event.attributes ?? [:]))
        lines.append("  - \(SoundnessChecker.clock(event.time)) \(event.kind.rawValue) \(shown)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
