import TokenCore

/// Building and recording events; every event goes through `emit`.
///
/// Events are built where they lie in the buffer: `emit` appends an empty stamped event and
/// lets the caller fill its fields in place. Built in a local and handed on, each event was
/// copied once more on the way (every string retained and released again), which a fan-out to
/// 10,000 observers paid for each of its tens of thousands of events.
extension Stage {
  /// Appends an event of `kind` reported by `source`, stamped with the next sequence number and
  /// the clock, then lets `fill` set its fields in place.
  func emit(_ source: EventSource, _ kind: EventKind, _ fill: (inout StageEvent) -> Void) {
    events.append(StageEvent(source: source, kind: kind, seq: nextSeq, time: clock.now))
    nextSeq += 1
    fill(&events[events.count - 1])
  }

  /// The fields of an event an SDK client reports: who (`observer`), on which SDK, under the
  /// name its platform gives `kind`, and about whom.
  private func setReporter(
    _ event: inout StageEvent, observer: Int, about participant: Int?,
    name: (EventKind, SDKProfile.Platform) -> String?
  ) {
    let sdk = clients[observer].sdk
    event.observer = clients[observer].id
    event.sdk = sdk
    event.name = name(event.kind, sdk.platform)
    if let participant { event.participant = clients[participant].id }
  }

  /// A renderer event reported by client `observer`, named as its platform names it; `fill`
  /// adds the kind's own fields. Reads single fields of `clients[observer]`: copying the whole
  /// client would retain its token.
  func emitClient(
    _ kind: EventKind, observer: Int, about participant: Int?,
    _ fill: (inout StageEvent) -> Void = { _ in }
  ) {
    emit(.client, kind) { event in
      setReporter(&event, observer: observer, about: participant, name: PlatformNames.renderer)
      fill(&event)
    }
  }

  func emitState(_ kind: EventKind, _ state: String, observer: Int, about participant: Int) {
    emitClient(kind, observer: observer, about: participant) { $0.state = state }
  }

  /// A strategy question client `observer` asked about `participant`, with the app's answer.
  func emitQuestion(_ kind: EventKind, observer: Int, about participant: Int, answer: String) {
    emit(.strategy, kind) { event in
      setReporter(&event, observer: observer, about: participant, name: PlatformNames.strategy)
      event.answer = answer
    }
  }

  /// Participant info of `participant` at metadata `version`, as an observer receives it.
  func emitParticipantInfo(_ kind: EventKind, observer: Int, about participant: Int, version: Int) {
    emitClient(kind, observer: observer, about: participant) { event in
      event.userId = clients[participant].history[version].userId
      event.attributes = clients[participant].history[version].attributes
      event.capabilities = clients[participant].capabilities
    }
  }

  /// An error reported to client `slot`'s app (§5.3).
  func emitClientError(_ slot: Int, _ errorCase: SDKErrorCode.Case, message: String) {
    let code = SDKErrorCode(errorCase, platform: clients[slot].sdk.platform)
    emitClient(.error, observer: slot, about: slot) { event in
      event.code = code.number
      event.errorCode = code.name
      event.message = message
    }
  }

  /// A server event about `participant`; `fill` adds the kind's own fields.
  func emitServer(
    _ kind: EventKind, participant: Int, _ fill: (inout StageEvent) -> Void = { _ in }
  ) {
    emit(.server, kind) { event in
      event.participant = clients[participant].id
      fill(&event)
    }
  }

  /// A subscribe server event: `remote` is the publisher it is about.
  func emitServer(_ kind: EventKind, participant: Int, remote: Int) {
    emitServer(kind, participant: participant) { $0.remoteParticipantId = clients[remote].id }
  }

  func emitServerError(
    _ kind: EventKind, participant: Int, errorCode: String?, message: String
  ) {
    emitServer(kind, participant: participant) { event in
      event.errorCode = errorCode
      event.message = message
    }
  }
}

extension Stage {
  /// Where the undrained events end: taken before a live step so that a step the stage
  /// refuses (which changes nothing) can take its `step` event back.
  struct RetractionMark {
    let count: Int
    let seq: Int
  }

  /// The current end of the undrained events.
  var retractionMark: RetractionMark { RetractionMark(count: events.count, seq: nextSeq) }

  /// Drops the events recorded since `mark` and reuses their sequence numbers.
  func retract(to mark: RetractionMark) {
    guard mark.count <= events.count else { return }
    events.removeSubrange(mark.count...)
    nextSeq = mark.seq
  }
}
