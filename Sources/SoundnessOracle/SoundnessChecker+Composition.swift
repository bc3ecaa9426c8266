import IVSRecords
import StageEngine

/// The composition's claims: whether the server-side composition showed an exchange's
/// replaced values, and for how long. The report names the composition by its ARN's
/// resource ID (get-composition's `arn`), or by the model's `main` when no file states it;
/// the truth by the ID the generator started it with. A generated session runs one
/// composition at most, so both name that one.
extension SoundnessChecker {
  /// The truth's ID of the observer the report names `name`: the name itself for a client,
  /// the session's composition for a composition the report names as that one; nil when the
  /// report names a composition the session did not run.
  static func observer(named name: String, isComposition: Bool, _ session: GeneratedSession)
    -> String?
  {
    guard isComposition else { return name }
    guard let composition = session.composition,
      name == composition.id || name == Stage.firstCompositionID
        || composition.arn.hasSuffix("/\(name)")
    else { return nil }
    return composition.id
  }

  /// A sighting by a composition the session did not run.
  static func inventedComposition(_ sighting: ExchangeStory.Sighting, _ story: ExchangeStory)
    -> Violation
  {
    Violation(
      kind: .composition, subject: "\(sighting.observer) \(story.participant) \(story.time)",
      claim:
        "the composition \(sighting.observer) \(sighting.verdict.rawValue) about \(story.participant)'s exchange at \(clock(story.time))",
      truth: "the session ran no composition of that name")
  }

  /// `violation`, a false claim about a composition, as one.
  static func aboutComposition(_ violation: Violation) -> Violation {
    Violation(
      kind: .composition, subject: violation.subject,
      claim: "the composition (\(violation.kind.rawValue)): \(violation.claim)",
      truth: violation.truth)
  }

  /// The composition left out of an exchange's story while it showed the exchange's replaced
  /// values (when the report runs the composition at all: without get-composition it cannot).
  static func missedComposition(
    _ story: ExchangeStory, _ exchange: SessionTruth.Exchange, _ observers: Set<String>,
    _ explanation: Explanation, _ session: GeneratedSession
  ) -> [Violation] {
    guard let composition = session.composition, !observers.contains(composition.id),
      explanation.session.runsComposition
    else { return [] }
    let seconds = session.truth.staleSeconds(
      composition.id, story.participant, in: session.truth.window(of: exchange))
    guard seconds > slack else { return [] }
    return [
      Violation(
        kind: .composition, subject: "\(composition.id) \(story.participant) \(story.time)",
        claim:
          "the exchange of \(story.participant) at \(clock(story.time)) names no sighting by the composition",
        truth: "the composition showed stale values of \(story.participant) for \(seconds) s")
    ]
  }
}
