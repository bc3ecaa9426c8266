/// A subscriber's reconnection after a network drop, read from its records (issue 29): IVS
/// records the SDK's reconnection as a SUBSCRIBE_STOPPED and a SUBSCRIBE_STARTED to every
/// publisher within a second, with no LEFT or JOINED, so the import steps it as the model's
/// network drop (`.media(.networkDrop)`), whose reconnection makes those events. A
/// subscriber that publishes (and republishes on its own) also stops and starts publishing
/// in that second: the drop then takes the place of its unpublish and publish steps. Any
/// other stop and start (of some publishers only, around a publisher's own stop or start)
/// is no step: the model is held to it as before.
extension StepBuilder {
  /// A publisher's stop and start again of publishing, by the steps' positions.
  struct Republish {
    /// When it stopped (Unix milliseconds).
    var time: Int64
    /// The position of its `.unpublish` step.
    var stop: Int
    /// The position of its `.publish` step, once it started again.
    var start: Int?
  }

  /// A recorded reconnection: of a subscriber only, or of a publisher (`republish`).
  struct Reconnection {
    var republish: Republish?
  }

  /// One subscriber's subscriptions stopped, then started again, in one burst.
  struct ReconnectBurst {
    /// When the first subscription stopped (Unix milliseconds).
    var start: Int64
    /// Publishers whose subscription stopped and has not started again.
    var stopped: Set<String> = []
    /// Publishers whose subscription stopped and started again.
    var restarted: Set<String> = []
  }

  /// How close together a reconnection's stops and starts are recorded (milliseconds).
  static let reconnectBurst: Int64 = 1000

  /// Keeps the moments that end a burst: the subscriber joining or leaving, and a
  /// publisher's own stop or start (its subscribers' stop and start follow from it).
  mutating func track(_ event: RecordedEvent) {
    switch event.kind {
    case .joined?, .left?:
      bursts[event.participantId] = nil
      publishingChanged[event.participantId] = event.time
    case .publishStarted?, .publishStopped?:
      publishingChanged[event.participantId] = event.time
    default: break
    }
  }

  /// Takes in a SUBSCRIBE_STOPPED: the start of a burst, or one more stop in it.
  mutating func noteStop(_ event: RecordedEvent) {
    guard let remote = event.remoteParticipantId else { return }
    let id = event.participantId
    if let burst = bursts[id], burst.restarted.isEmpty, within(burst, event) {
      bursts[id]?.stopped.insert(remote)
    } else {
      bursts[id] = ReconnectBurst(start: event.time, stopped: [remote])
    }
  }

  /// Takes in `id`'s PUBLISH_STARTED, stepped at position `step`, after its PUBLISH_STOPPED.
  mutating func noteRepublish(_ id: String, step: Int) {
    guard republished[id]?.start == nil else { return }
    republished[id]?.start = step
  }

  /// Takes in a SUBSCRIBE_STARTED; the reconnection when it completes a burst that stopped
  /// and started again every publisher's subscription of a connected subscriber, none of
  /// those publishers having stopped, started, joined or left meanwhile, and the subscriber
  /// not publishing or having stopped and started publishing again just before.
  mutating func reconnection(after event: RecordedEvent) -> Reconnection? {
    let id = event.participantId
    guard let remote = event.remoteParticipantId, var burst = bursts[id] else { return nil }
    guard within(burst, event), burst.stopped.remove(remote) != nil else {
      bursts[id] = nil
      return nil
    }
    burst.restarted.insert(remote)
    bursts[id] = burst
    guard burst.stopped.isEmpty else { return nil }
    bursts[id] = nil
    let (before, overflow) = burst.start.subtractingReportingOverflow(Self.reconnectBurst)
    let steady = burst.restarted.allSatisfy {
      (publishingChanged[$0] ?? .min) < (overflow ? .min : before)
    }
    guard steady, publishers(besides: id) == burst.restarted else { return nil }
    let publishing = publishes(id)
    guard publishing.now else { return Reconnection(republish: nil) }
    guard publishing.always, let republish = republished[id], republish.start != nil,
      republish.time <= burst.start, republish.time >= (overflow ? .min : before)
    else { return nil }
    return Reconnection(republish: republish)
  }

  private func within(_ burst: ReconnectBurst, _ event: RecordedEvent) -> Bool {
    let (gap, overflow) = event.time.subtractingReportingOverflow(burst.start)
    return !overflow && (0...Self.reconnectBurst).contains(gap)
  }
}
