import IVSRules

/// Publishing and unpublishing (SPEC §2.4) and what remote observers see of it.
extension Stage {
  /// The app publishes now: without publish capability the server logs
  /// `PUBLISH_ERROR` (`INSUFFICIENT_CAPABILITIES`) and nothing changes; a 13th
  /// publisher gets a stage-at-capacity error.
  @discardableResult
  public func publish(participant id: String) throws(StageActionError) -> ActionOutcome {
    let slot = try connectedSlot(of: id)
    guard clients[slot].publish == .notPublished else {
      throw StageActionError("\(id) is already publishing")
    }
    guard clients[slot].capabilities.publish else {
      let message = "\(id)'s token does not allow publish"
      following(.serverErrorCodes) {
        emitServerError(
          .publishError, participant: slot, errorCode: "INSUFFICIENT_CAPABILITIES",
          message: message)
      }
      return .failed(message)
    }
    clients[slot].pendingPublishQuestion = false
    return publishFlow(slot)
  }

  /// The app stops publishing: observers see the participant leave.
  public func unpublish(participant id: String) throws(StageActionError) {
    let slot = try connectedSlot(of: id)
    guard clients[slot].publish != .notPublished else {
      throw StageActionError("\(id) is not publishing")
    }
    unpublishFlow(slot)
  }

  /// Answers the pending `ask` publish question of `id`: yes publishes (after
  /// `streamsToPublish`) unless already publishing; no unpublishes if publishing.
  /// `origin` says how it was answered (the `questionAnswered` event's `reason`).
  public func answer(participant id: String, publish: Bool, by origin: AnswerOrigin = .script)
    throws(StageActionError)
  {
    let slot = try connectedSlot(of: id)
    guard clients[slot].pendingPublishQuestion else {
      throw StageActionError("\(id) has no pending publish question")
    }
    clients[slot].pendingPublishQuestion = false
    emitAnswer(slot, publish: publish, origin: origin)
    let publishing = clients[slot].publish != .notPublished
    if publish && !publishing { startPublishing(slot) }
    if !publish && publishing { unpublishFlow(slot) }
  }

  /// Asks "publish?" (§2.3) and acts on the answer; `ask` leaves the question pending.
  func askPublish(_ slot: Int) {
    let answer = clients[slot].strategy.publish
    emitQuestion(.shouldPublish, observer: slot, about: slot, answer: .publishAnswer(answer))
    switch answer {
    case .always:
      clients[slot].pendingPublishQuestion = false
      if clients[slot].publish == .notPublished { startPublishing(slot) }
    case .never:
      clients[slot].pendingPublishQuestion = false
      if clients[slot].publish != .notPublished { unpublishFlow(slot) }
    case .ask:
      clients[slot].pendingPublishQuestion = true
    }
  }

  /// "Which streams?" then the publish flow.
  func startPublishing(_ slot: Int) {
    emitQuestion(.streamsToPublish, observer: slot, about: slot, answer: .audioVideo)
    publishFlow(slot)
  }

  @discardableResult
  func publishFlow(_ slot: Int) -> ActionOutcome {
    guard let publisherSlot = freePublisherSlots.popLast() else {
      let limit = decide(.publishersPerStage).outcome
      let message = "stage at capacity: \(limit) participants already publish"
      following(.capacityPublishers) {
        emitClientError(slot, .stageAtCapacity, message: message)
        emitServerError(
          .publishError, participant: slot, errorCode: "QUOTA_EXCEEDED", message: message)
      }
      return .failed(message)
    }
    emitState(
      .publishStateChanged, .publish(.attemptingPublish), observer: slot, about: slot)
    emitState(.publishStateChanged, .publish(.published), observer: slot, about: slot)
    clients[slot].publish = .published
    clients[slot].publisherSlot = publisherSlot
    emitServer(.publishStarted, participant: slot) { $0.streams = .audioVideo }
    publishOrder.append(slot)
    following(.visibilityPublishersOnly) {
      for observer in joinOrder where observer != slot {
        introduce(slot, to: observer)
      }
    }
    following(.compositionPublishersOnly) { compositionsSeePublish(of: slot) }
    return .done
  }

  /// Observer `observer` sees publisher `publisher` arrive: participantJoined with the
  /// current participant info, streamsAdded (and which of them are muted), then the
  /// subscribe question.
  func introduce(_ publisher: Int, to observer: Int) {
    let version = clients[publisher].version
    let index = viewIndex(observer: observer, publisher: publisher)
    views[index] = RemoteView(known: true, version: Int32(version))
    emitParticipantInfo(.participantJoined, observer: observer, about: publisher, version: version)
    believeCurrent(
      observer: observer, about: publisher, reason: "participantJoined carried the current values")
    emitClient(.streamsAdded, observer: observer, about: publisher, streams: .audioVideo)
    let muted = clients[publisher].muted
    if !muted.isEmpty {
      following(.mutePersists) { emitMute(observer, about: publisher, streams: muted, muted: true) }
    }
    if clients.summaries[observer].canSubscribe { askSubscribe(observer, to: publisher) }
  }

  func unpublishFlow(_ slot: Int) {
    clients[slot].publish = .notPublished
    emitState(.publishStateChanged, .publish(.notPublished), observer: slot, about: slot)
    emitServer(.publishStopped, participant: slot)
    let column = clients[slot].publisherSlot
    following(.visibilityUnpublishLeaves) {
      for observer in joinOrder where observer != slot {
        let index = ViewIndex(observer: observer, column: column)
        guard views[index].known else { continue }
        if views[index].subscribe != .notSubscribed { reportUnsubscribed(observer, from: slot) }
        emitClient(.streamsRemoved, observer: observer, about: slot, streams: .audioVideo)
        emitClient(.participantLeft, observer: observer, about: slot)
        views[index] = RemoteView()
      }
    }
    freePublisherSlots.append(clients[slot].publisherSlot)
    clients[slot].publisherSlot = -1
    if let position = publishOrder.firstIndex(of: slot) { publishOrder.remove(at: position) }
    following(.compositionPublishersOnly) { compositionsSeeUnpublish(of: slot) }
  }
}
