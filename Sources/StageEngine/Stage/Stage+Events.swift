import IVSRules
import TokenCore

/// Building and recording events.
///
/// The events a fan-out makes for each observer (renderer callbacks, strategy questions,
/// subscribe server events) are recorded compactly (`CompactEvent`: slots and table indices,
/// nothing to retain) and made into `StageEvent`s only when read; events of rare kinds (errors,
/// rejections, exchanges, layouts, beliefs) are built whole with `emit`.
///
/// The compact emitters are inlined into the flows that call them: a fan-out records up to
/// 100,000 events, and inlined, each event's kind is a constant, so its failure check and its
/// fields fold into a few stores instead of a call per event.
extension Stage {
  /// Records a whole event of `kind` reported by `source`, stamped with the next sequence number
  /// and the clock; `fill` sets its fields.
  func emit(_ source: EventSource, _ kind: EventKind, _ fill: (inout StageEvent) -> Void) {
    var event = StageEvent(source: source, kind: kind, seq: events.nextSeq, time: clock.now)
    event.rule = ruleInForce
    fill(&event)
    events.append(whole: event)
  }

  /// Records a compact event of `kind` reported by `source`, stamped like `emit`'s; `fill`
  /// sets its fields.
  @inline(__always)
  private func emitCompact(
    _ source: EventSource, _ kind: EventKind, _ fill: (inout CompactEvent) -> Void
  ) {
    var event = CompactEvent(source: source, kind: kind)
    event.rule = ruleInForce
    fill(&event)
    events.append(event, at: clock.now)
  }

  /// The fields of a whole event an SDK client reports: who (`observer`), on which SDK, under
  /// the name its platform gives `kind`, and about whom.
  private func setReporter(_ event: inout StageEvent, observer: Int, about participant: Int) {
    let sdk = clients[observer].sdk
    event.observer = clients[observer].id
    event.sdk = sdk
    event.name = PlatformNames.renderer(event.kind, on: sdk.platform)
    event.participant = clients[participant].id
  }

  /// A renderer event reported by client `observer` about `participant` (its streams or new
  /// state, if the kind has them), named as the observer's platform names it.
  @inline(__always)
  func emitClient(
    _ kind: EventKind, observer: Int, about participant: Int, streams: MediaStreams? = nil,
    state: EventWord? = nil
  ) {
    emitReported(.client, kind, observer: observer, about: participant) { event in
      event.streams = streams
      event.word = state
    }
  }

  /// A compact event client `observer` reports about `participant` (a renderer event or a
  /// strategy question); `fill` adds the kind's own fields.
  @inline(__always)
  private func emitReported(
    _ source: EventSource, _ kind: EventKind, observer: Int, about participant: Int,
    _ fill: (inout CompactEvent) -> Void
  ) {
    emitCompact(source, kind) { event in
      event.observer = observer
      event.profile = clients.summaries[observer].profile
      event.participant = participant
      fill(&event)
    }
  }

  /// A renderer event of a rare kind reported by client `observer`; `fill` adds the kind's
  /// own fields.
  func emitWholeClient(
    _ kind: EventKind, observer: Int, about participant: Int,
    _ fill: (inout StageEvent) -> Void
  ) {
    emit(.client, kind) { event in
      setReporter(&event, observer: observer, about: participant)
      fill(&event)
    }
  }

  @inline(__always)
  func emitState(_ kind: EventKind, _ state: EventWord, observer: Int, about participant: Int) {
    emitClient(kind, observer: observer, about: participant, state: state)
  }

  /// A strategy question client `observer` asked about `participant`, with the app's answer.
  @inline(__always)
  func emitQuestion(
    _ kind: EventKind, observer: Int, about participant: Int, answer: EventWord
  ) {
    emitReported(.strategy, kind, observer: observer, about: participant) { $0.word = answer }
  }

  /// The answer to client `slot`'s pending publish question, named as its platform names the
  /// question.
  func emitAnswer(_ slot: Int, publish: Bool, origin: AnswerOrigin) {
    emit(.strategy, .questionAnswered) { event in
      setReporter(&event, observer: slot, about: slot)
      event.name = PlatformNames.strategy(.shouldPublish, on: clients[slot].sdk.platform)
      event.answer = publish ? "true" : "false"
      event.reason = origin.rawValue
    }
  }

  /// Participant info of `participant` at metadata `version`, as an observer receives it.
  @inline(__always)
  func emitParticipantInfo(_ kind: EventKind, observer: Int, about participant: Int, version: Int) {
    emitReported(.client, kind, observer: observer, about: participant) { event in
      event.metadata = events.metadataIndex(slot: participant, version: version) {
        clients[participant].history[version]
      }
      event.capabilities = clients[participant].capabilities
    }
  }

  /// Records the events `body` makes as decided by `rule` (noted as applied); the rule in force
  /// before is back afterwards, so a decision inside another names its own rule.
  @inline(__always)
  func following<Result>(_ rule: RuleID, _ body: () -> Result) -> Result {
    let outer = ruleInForce
    ruleInForce = apply(rule)
    defer { ruleInForce = outer }
    return body()
  }

  /// An error reported to client `slot`'s app (§5.3).
  func emitClientError(_ slot: Int, _ errorCase: SDKErrorCode.Case, message: String) {
    let code = decide(.errorCode(errorCase), forClient: slot).outcome
    emitWholeClient(.error, observer: slot, about: slot) { event in
      event.code = code.number
      event.errorCode = code.name
      event.message = message
    }
  }

  /// A server event about `participant`.
  @inline(__always)
  func emitServer(_ kind: EventKind, participant: Int) {
    emitCompact(.server, kind) { $0.participant = participant }
  }

  /// A server event about `participant` of a kind with its own fields, which `fill` adds.
  func emitServer(
    _ kind: EventKind, participant: Int, _ fill: (inout StageEvent) -> Void
  ) {
    emit(.server, kind) { event in
      event.participant = clients[participant].id
      fill(&event)
    }
  }

  /// A subscribe server event: `remote` is the publisher it is about.
  @inline(__always)
  func emitServer(_ kind: EventKind, participant: Int, remote: Int) {
    emitCompact(.server, kind) { event in
      event.participant = participant
      event.remote = remote
    }
  }

  func emitServerError(
    _ kind: EventKind, participant: Int, errorCode: String?, message: String
  ) {
    apply(.serverErrorCodes)
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
  }

  /// The current end of the undrained events.
  var retractionMark: RetractionMark { RetractionMark(count: events.count) }

  /// Drops the events recorded since `mark` and reuses their sequence numbers (an event's
  /// `seq` is its position).
  func retract(to mark: RetractionMark) {
    guard mark.count <= events.count else { return }
    events.removeEvents(from: mark.count)
  }
}
