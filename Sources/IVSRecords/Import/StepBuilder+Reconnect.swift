import StageEngine

/// A subscriber's reconnection after a network drop, read from its records (issue 29): IVS
/// records the SDK's reconnection as a SUBSCRIBE_STOPPED and a SUBSCRIBE_STARTED to every
/// publisher within a second, with no LEFT or JOINED, so the import steps it as the model's
/// network drop (`.media(.networkDrop)`), whose reconnection makes those events. The drop
/// also stops the subscriber's own publishing and asks it the publish question as at join
/// (rule `network.drop-reconnects`), so a PUBLISH_STOPPED just before the burst and a
/// PUBLISH_STARTED inside it are the drop's too: the drop takes the place of their steps, and
/// the app's answer follows it as the records show it. A subscription stopped by its
/// publisher (its PUBLISH_STOPPED or LEFT since the subscription started) is no part of a
/// burst, and a stop and start of some publishers only is no step: the model is held to it
/// as before. The records do not tell a drop from the app's own stop and start; explain says
/// so of every verdict that hangs on one (`Explanation.possibleDrops`).
extension StepBuilder {
  /// A step still held (not handed over), with the recorded time of the event it stands for.
  struct HeldStep {
    /// Unix milliseconds.
    var time: Int64
    /// Its position in `steps`.
    var step: Int
  }

  /// A publisher's last held `.unpublish` and `.publish` steps.
  struct PublishSteps {
    var stop: HeldStep?
    var start: HeldStep?
  }

  /// What a completed burst makes of the subscriber's publishing: the held steps the drop
  /// takes the place of, and whether it publishes after it.
  struct Reconnection {
    var replaced: [Int]
    var publishes: Bool
  }

  /// One subscriber's subscriptions stopped, then started again, in one burst.
  struct ReconnectBurst {
    /// When the first subscription stopped (Unix milliseconds).
    var start: Int64
    /// When the last event before it that was no SUBSCRIBE_STOPPED was recorded: a drop's
    /// PUBLISH_STOPPED is followed by nothing but the subscriptions it and the drop stop.
    var quietSince: Int64
    /// Publishers whose subscription stopped and has not started again.
    var stopped: Set<String> = []
    /// Publishers whose subscription stopped and started again.
    var restarted: Set<String> = []
  }

  /// How close together a reconnection's stops and starts are recorded (milliseconds).
  static let reconnectBurst: Int64 = 1000

  /// Keeps the moments that end a burst or stop subscriptions: the subscriber joining or
  /// leaving, and a publisher's own stop or start.
  mutating func track(_ event: RecordedEvent) {
    if event.kind != .subscribeStopped { lastBesidesStops = event.time }
    switch event.kind {
    case .joined?, .left?:
      bursts[event.participantId] = nil
      subscribedSince[event.participantId] = nil
      publishingChanged[event.participantId] = event.time
    case .publishStarted?, .publishStopped?:
      publishingChanged[event.participantId] = event.time
    default: break
    }
  }

  /// Takes in a SUBSCRIBE_STOPPED: the start of a burst, or one more stop in it, unless its
  /// publisher stopped it.
  mutating func noteStop(_ event: RecordedEvent) {
    guard let remote = event.remoteParticipantId, !stoppedByPublisher(event, remote) else {
      return
    }
    let id = event.participantId
    if let burst = bursts[id], burst.restarted.isEmpty, within(burst, event) {
      bursts[id]?.stopped.insert(remote)
    } else {
      bursts[id] = ReconnectBurst(
        start: event.time, quietSince: lastBesidesStops, stopped: [remote])
    }
  }

  /// Whether the publisher stopped, started, joined or left since the subscription began
  /// (within a burst's time before the stop, when the records hold no start of it).
  private func stoppedByPublisher(_ event: RecordedEvent, _ remote: String) -> Bool {
    guard let changed = publishingChanged[remote] else { return false }
    if let since = subscribedSince[event.participantId]?[remote] { return changed >= since }
    let (gap, overflow) = event.time.subtractingReportingOverflow(changed)
    return !overflow && gap <= Self.reconnectBurst
  }

  /// Takes in `id`'s held `.publish` or `.unpublish` step (the last step), recorded at `time`.
  mutating func holdPublishStep(_ id: String, starts: Bool, at time: Int64) {
    let held = HeldStep(time: time, step: steps.count - 1)
    if starts {
      republished[id, default: PublishSteps()].start = held
    } else {
      republished[id] = PublishSteps(stop: held)
    }
  }

  /// Takes in a SUBSCRIBE_STARTED; the reconnection when it completes a burst that stopped
  /// and started again every publisher's subscription of a connected subscriber, none of
  /// those publishers having stopped, started, joined or left meanwhile, and the
  /// subscriber's own publishing as a drop leaves it (`publishing(in:)`).
  mutating func reconnection(after event: RecordedEvent) -> Reconnection? {
    let id = event.participantId
    guard let remote = event.remoteParticipantId else { return nil }
    subscribedSince[id, default: [:]][remote] = event.time
    guard var burst = bursts[id] else { return nil }
    guard within(burst, event), burst.stopped.remove(remote) != nil else {
      bursts[id] = nil
      return nil
    }
    burst.restarted.insert(remote)
    bursts[id] = burst
    guard burst.stopped.isEmpty else { return nil }
    bursts[id] = nil
    let steady = burst.restarted.allSatisfy { (publishingChanged[$0] ?? .min) < burst.start }
    guard steady, publishers(besides: id) == burst.restarted else { return nil }
    return publishing(of: id, in: burst)
  }

  /// The subscriber's publishing around its burst as a drop leaves it: not publishing
  /// through it, or publishing stopped just before it (its PUBLISH_STOPPED within a burst's
  /// time before, followed by nothing but stopped subscriptions), and started inside it when
  /// the app answered the publish question yes. Nil when its publishing went on through the
  /// burst (a drop would have stopped it).
  private func publishing(of id: String, in burst: ReconnectBurst) -> Reconnection? {
    let (earliest, overflow) = burst.start.subtractingReportingOverflow(Self.reconnectBurst)
    let since = max(burst.quietSince, overflow ? .min : earliest)
    let held = republished[id]
    let stop = held?.stop.flatMap { since <= $0.time && $0.time <= burst.start ? $0 : nil }
    let start = held?.start.flatMap { $0.time >= burst.start ? $0 : nil }
    let publisher = publishing(id)
    guard publisher.now == (start != nil) else { return nil }
    return Reconnection(
      replaced: [stop?.step, start?.step].compactMap { $0 }, publishes: publisher.now)
  }

  private func within(_ burst: ReconnectBurst, _ event: RecordedEvent) -> Bool {
    let (gap, overflow) = event.time.subtractingReportingOverflow(burst.start)
    return !overflow && (0...Self.reconnectBurst).contains(gap)
  }
}
