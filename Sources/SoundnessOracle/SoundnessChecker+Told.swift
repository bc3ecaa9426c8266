import IVSRecords
import StageEngine

/// "saw it at T" with milliseconds (issue 29 item 5): when the records time the server event
/// that told the observer (the participant's `PUBLISH_STARTED`, its or the observer's
/// `JOINED`) finer than the model's seconds, T is that event's time. True when T is the time
/// the folder gives (the renderer's milliseconds) of such an event in the second the truth's
/// observer began showing the exchange's values, from the exchange's own second on: values it
/// showed before were an earlier exchange's, which the one checked restored (finding 20024539).
extension SoundnessChecker {
  static func toldAt(
    _ sighting: ExchangeStory.Sighting, _ observer: String, _ story: ExchangeStory,
    _ exchange: SessionTruth.Exchange, _ session: GeneratedSession
  ) -> Violation? {
    guard let told = sighting.toldAt,
      let shown = session.truth.firstShowing(
        observer, story.participant, exchange.metadata, from: exchange.time)
    else { return nil }
    let telling = tellings(observer, about: story.participant, at: shown, session)
    guard !telling.contains(told) else { return nil }
    let truth =
      telling.isEmpty
      ? "\(observer) began showing them at \(clock(shown)), told by no publish or join then"
      : "told at \(telling.map { RecordTime.iso8601(milliseconds: $0) }.joined(separator: " or "))"
    return Violation(
      kind: .toldAt, subject: "\(observer) \(story.participant) \(story.time)",
      claim:
        "\(observer) about \(story.participant)'s exchange at \(clock(story.time)): saw it at \(RecordTime.iso8601(milliseconds: told))",
      truth: truth,
      basis: .told(
        observer: observer, exchanger: story.participant, values: exchange.metadata,
        since: exchange.time, at: told))
  }

  /// The times (milliseconds, as the folder gives them) of the server events in second
  /// `second` that can tell `observer` of `participant`'s values: the participant's
  /// `PUBLISH_STARTED`, its or the observer's `JOINED`.
  static func tellings(
    _ observer: String, about participant: String, at second: Int64, _ session: GeneratedSession
  ) -> [Int64] {
    let milliseconds = FolderRenderer.eventTimes(session.events)
    return session.events.filter { event in
      event.source == .server && event.time == second
        && (event.kind == .publishStarted && event.participant == participant
          || event.kind == .joined
            && (event.participant == participant || event.participant == observer))
    }.map { $0.time * 1000 + Int64(milliseconds[$0.seq] ?? 0) }
  }
}
