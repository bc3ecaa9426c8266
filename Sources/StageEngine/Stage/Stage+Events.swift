import TokenCore

/// Building and recording events; every event goes through `emit`.
extension Stage {
  func emit(_ event: consuming StageEvent) {
    event.seq = nextSeq
    event.time = clock.now
    nextSeq += 1
    events.append(event)
  }

  /// A renderer event reported by client `observer`, named as its platform names it.
  /// Reads single fields of `clients[observer]`: copying the whole client would retain its token.
  func clientEvent(_ kind: EventKind, observer: Int, about participant: Int?) -> StageEvent {
    let sdk = clients[observer].sdk
    return StageEvent(
      source: .client, kind: kind, observer: clients[observer].id, sdk: sdk,
      name: PlatformNames.renderer(kind, on: sdk.platform),
      participant: participant.map { clients[$0].id })
  }

  func emitState(_ kind: EventKind, _ state: String, observer: Int, about participant: Int) {
    var event = clientEvent(kind, observer: observer, about: participant)
    event.state = state
    emit(event)
  }

  /// A strategy question client `observer` asked about `participant`, with the app's answer.
  func emitQuestion(_ kind: EventKind, observer: Int, about participant: Int, answer: String) {
    let sdk = clients[observer].sdk
    var event = StageEvent(
      source: .strategy, kind: kind, observer: clients[observer].id, sdk: sdk,
      name: PlatformNames.strategy(kind, on: sdk.platform),
      participant: clients[participant].id)
    event.answer = answer
    emit(event)
  }

  /// Participant info of `participant` at metadata `version`, as an observer receives it.
  func emitParticipantInfo(_ kind: EventKind, observer: Int, about participant: Int, version: Int) {
    var event = clientEvent(kind, observer: observer, about: participant)
    event.userId = clients[participant].history[version].userId
    event.attributes = clients[participant].history[version].attributes
    event.capabilities = clients[participant].capabilities
    emit(event)
  }

  /// An error reported to client `slot`'s app (§5.3).
  func emitClientError(_ slot: Int, _ errorCase: SDKErrorCode.Case, message: String) {
    let code = SDKErrorCode(errorCase, platform: clients[slot].sdk.platform)
    var event = clientEvent(.error, observer: slot, about: slot)
    event.code = code.number
    event.errorCode = code.name
    event.message = message
    emit(event)
  }

  func serverEvent(_ kind: EventKind, participant: Int) -> StageEvent {
    StageEvent(source: .server, kind: kind, participant: clients[participant].id)
  }

  func emitServer(_ kind: EventKind, participant: Int, remote: Int? = nil) {
    var event = serverEvent(kind, participant: participant)
    event.remoteParticipantId = remote.map { clients[$0].id }
    emit(event)
  }

  func emitServerError(
    _ kind: EventKind, participant: Int, errorCode: String?, message: String
  ) {
    var event = serverEvent(kind, participant: participant)
    event.errorCode = errorCode
    event.message = message
    emit(event)
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
