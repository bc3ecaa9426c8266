import StageEngine

@testable import SoundnessOracle

extension GeneratedSession {
  /// The same session judged against a truth built only from its events that `keep`
  /// accepts: a truth blind to what explain rightly claims, so a checker test sees the claim
  /// called false.
  func judged(byEventsWhere keep: (StageEvent) -> Bool) -> GeneratedSession {
    GeneratedSession(
      seed: seed, stageARN: stageARN, sessionID: sessionID, start: start, end: end,
      participants: participants, events: events, composition: composition,
      truth: SessionTruth(events: events.filter(keep), participants: participants, end: end))
  }
}
