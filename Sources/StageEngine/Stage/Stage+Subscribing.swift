/// Subscriptions of observers to publishers (SPEC §2.2–§2.4).
extension Stage {
  func viewIndex(observer: Int, publisher: Int) -> ViewIndex {
    ViewIndex(observer: observer, column: clients[publisher].publisherSlot)
  }

  /// Asks "subscribe?" about `publisher` and subscribes unless the answer is `none`.
  func askSubscribe(_ observer: Int, to publisher: Int) {
    let answer = clients.summaries[observer].subscribeAnswer
    emitQuestion(
      .shouldSubscribe, observer: observer, about: publisher, answer: .subscribeAnswer(answer))
    let index = viewIndex(observer: observer, publisher: publisher)
    let subscribed = views[index].subscribe != .notSubscribed
    if answer == .none {
      if subscribed { unsubscribe(observer, from: publisher, at: index) }
    } else if !subscribed {
      subscribe(observer, to: publisher, streams: answer.streams, at: index)
    } else {
      views[index].streams = answer.streams
    }
  }

  /// Observer `observer` subscribes to `publisher`, whose view is at `index`.
  func subscribe(_ observer: Int, to publisher: Int, streams: MediaStreams, at index: ViewIndex) {
    emitState(
      .subscribeStateChanged, .subscribe(.attemptingSubscribe), observer: observer,
      about: publisher)
    emitState(
      .subscribeStateChanged, .subscribe(.subscribed), observer: observer,
      about: publisher)
    views[index].markSubscribed(to: streams)
    emitServer(.subscribeStarted, participant: observer, remote: publisher)
  }

  /// Observer `observer` unsubscribes from `publisher`, whose view is at `index`.
  func unsubscribe(_ observer: Int, from publisher: Int, at index: ViewIndex) {
    views[index].markUnsubscribed()
    reportUnsubscribed(observer, from: publisher)
  }

  /// The events of `observer` unsubscribing from `publisher`, for a caller that changes the
  /// view itself (an unpublish clears every observer's view of the publisher at once).
  func reportUnsubscribed(_ observer: Int, from publisher: Int) {
    emitState(
      .subscribeStateChanged, .subscribe(.notSubscribed), observer: observer,
      about: publisher)
    emitServer(.subscribeStopped, participant: observer, remote: publisher)
  }
}
