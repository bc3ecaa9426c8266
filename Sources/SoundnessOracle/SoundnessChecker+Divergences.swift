import IVSRecords
import StageEngine

/// `divergences` (the summary's counts and `--json`'s list, one source): where the records
/// and the model part. On the session's whole folder (changed at most in order and encoding)
/// the records are the truth's and the model made them, so none is real. On any folder, an
/// event "missing in the records" stands for one the records lost, and is false when the
/// participant never had such an event: then it is the model's invention, not a gap in the
/// records. Its time is the model's, which may place an event it had to infer (a `JOINED`
/// before a participant's first recorded event when the page with the real one is missing)
/// elsewhere than the truth: the time is not held to the truth.
extension SoundnessChecker {
  static func divergences(
    _ explanation: Explanation, _ session: GeneratedSession, complete: Bool
  ) -> [Violation] {
    var found: [Violation] = []
    for divergence in explanation.divergences {
      let subject = "\(divergence.kind.rawValue) \(divergence.time.map(String.init) ?? "")"
      if complete {
        found.append(
          Violation(
            kind: .divergence, subject: subject, claim: divergence.text,
            truth: "the folder is the whole session's: records and model agree"))
        continue
      }
      guard divergence.kind == .missingInRecords, let time = divergence.time,
        let name = divergence.event, let participant = divergence.participant
      else { continue }
      let happened = session.events.contains {
        $0.source == .server && $0.kind.rawValue == name && $0.participant == participant
      }
      guard !happened else { continue }
      found.append(
        Violation(
          kind: .divergence, subject: subject, claim: divergence.text,
          truth: "\(participant) had no \(name) at all (model time \(clock(time / 1000)))"))
    }
    return found
  }
}
