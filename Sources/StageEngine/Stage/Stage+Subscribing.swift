/// Subscriptions of observers to publishers (SPEC §2.2–§2.4).
extension Stage {
  func viewIndex(observer: Int, publisher: Int) -> ViewIndex {
    ViewIndex(observer: observer, column: clients[publisher].publisherSlot)
  }

  /// Asks "subscribe?" about `publisher` and subscribes unless the answer is `none`.
  func askSubscribe(_ observer: Int, to publisher: Int) {
    let answer = clients[observer].strategy.subscribe
    emitQuestion(
      .shouldSubscribe, observer: observer, about: publisher, answer: .subscribeAnswer(answer))
    let index = viewIndex(observer: observer, publisher: publisher)
    if answer == .none {
      if views[index].subscribe != .notSubscribed { unsubscribe(observer, from: publisher) }
    } else if views[index].subscribe == .notSubscribed {
      subscribe(observer, to: publisher, streams: answer.streams)
    } else {
      views[index].streams = answer.streams
    }
  }

  func subscribe(_ observer: Int, to publisher: Int, streams: MediaStreams) {
    let index = viewIndex(observer: observer, publisher: publisher)
    emitState(
      .subscribeStateChanged, .subscribe(.attemptingSubscribe), observer: observer,
      about: publisher)
    emitState(
      .subscribeStateChanged, .subscribe(.subscribed), observer: observer,
      about: publisher)
    views[index].subscribe = .subscribed
    views[index].streams = streams
    emitServer(.subscribeStarted, participant: observer, remote: publisher)
  }

  func unsubscribe(_ observer: Int, from publisher: Int) {
    let index = viewIndex(observer: observer, publisher: publisher)
    views[index].subscribe = .notSubscribed
    views[index].streams = []
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
