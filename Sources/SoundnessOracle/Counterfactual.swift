import JSONKit
import StageEngine

/// The other session a folder that lost some pages is the whole record of, when there is one:
/// the generated session played again without the steps all of whose records were on the
/// pages left out (a network drop whose stops and restarts of an observer's subscriptions were
/// all on one lost page, finding 47000227). A claim true of that session is one no report of
/// the folder could avoid without doubting every folder (`TracelessLoss.unseen`).
enum Counterfactual {
  /// `session` played again without its steps whose every participant event is in
  /// `leftOut`, and the participants those steps acted on; nil when no step was lost whole,
  /// a step left is refused, or the session played so differs from the folder in anything
  /// but page splits: its participant events are not those the folder holds, or
  /// get-participant, list-participants or EventBridge would tell it apart.
  static func session(_ session: GeneratedSession, without leftOut: [StageEvent])
    -> (session: GeneratedSession, participants: Set<String>)?
  {
    guard let script = session.script, !leftOut.isEmpty else { return nil }
    let lost = Set(leftOut.map(\.seq))
    let removed = Set(
      script.steps.indices.filter { index in
        if case .advance = script.steps[index].step { return false }
        let own = session.events[script.steps[index].events].filter(isRecorded)
        return !own.isEmpty && own.allSatisfy { lost.contains($0.seq) }
      })
    guard !removed.isEmpty,
      let events = play(script, skipping: removed)
    else { return nil }
    let kept = session.events.filter { !lost.contains($0.seq) }
    guard
      records(events) == records(kept),
      facts(events, session.participants) == facts(session.events, session.participants)
    else { return nil }
    let other = GeneratedSession(
      seed: session.seed, stageARN: session.stageARN, sessionID: session.sessionID,
      start: session.start, end: session.end, participants: session.participants, events: events,
      composition: session.composition,
      truth: SessionTruth(events: events, participants: session.participants, end: session.end))
    let participants = Set(
      removed.flatMap { session.events[script.steps[$0].events].compactMap(\.participant) })
    return (other, participants)
  }

  /// The events of `script` played on a fresh stage, the steps in `removed` left out; nil
  /// when the stage refuses a step (the steps left do not make a session).
  private static func play(_ script: PlayedScript, skipping removed: Set<Int>) -> [StageEvent]? {
    guard let runner = try? ScenarioRunner(scenario: script.scenario, file: "generated") else {
      return nil
    }
    var events: [StageEvent] = []
    let drain = {
      runner.stage.drainEvents { batch in events += batch.filter(Driver.kept) }
    }
    drain()
    for index in script.steps.indices where !removed.contains(index) {
      do {
        try runner.perform(script.steps[index].step, origin: "generated")
      } catch {
        return nil
      }
      drain()
    }
    return events
  }

  private static func isRecorded(_ event: StageEvent) -> Bool {
    event.source == .server && event.participant != nil
  }

  /// The list-participant-events records of `events` to the second, sorted: what the
  /// folder's pages hold, whatever their split and whatever order the server gave the events
  /// of one second (a subscriber that subscribed again is stopped in another place among the
  /// others; no record fixes that order). The claims are then checked against the session's
  /// own milliseconds.
  private static func records(_ events: [StageEvent]) -> [String] {
    events.filter(isRecorded).map { JSONWriter.compact(FolderRenderer.record($0, [:])) }.sorted()
  }

  /// What the folder's other files say of `events`: each participant's first join, state and
  /// whether it published (get-participant, list-participants), and EventBridge's events.
  private static func facts(_ events: [StageEvent], _ participants: [GeneratedParticipant])
    -> [String]
  {
    let server = events.filter(isRecorded)
    let told = participants.map {
      let first = FolderRenderer.firstJoin($0.id, server).map(String.init) ?? "-"
      let state = FolderRenderer.state($0.id, server)
      return "\($0.id) \(first) \(state) \(FolderRenderer.published($0.id, server))"
    }
    let delivered = server.filter { FolderRenderer.eventBridgeNames[$0.kind] != nil }.map {
      "\($0.kind.rawValue) \($0.participant ?? "") \($0.time) \($0.errorCode ?? "")"
    }
    return told + delivered
  }
}
