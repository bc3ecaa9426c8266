import StageEngine
import TokenCore

/// Walks the timeline and writes the steps that make the model do what the participants
/// did, mirroring just enough of the model (connected, publishing, token) to know which
/// recorded events are effects of an earlier step (a PUBLISH_STOPPED after an exchange
/// that removed PUBLISH, the viewers' SUBSCRIBE_STARTED when a publisher starts): those
/// become no step of their own; they are what the model must reproduce.
struct StepBuilder {
  struct Mirror {
    var connected = false
    var publishing = false
    var token: RecordedToken
    /// The second it last joined.
    var joinedAt: Int64 = 0
  }

  private(set) var steps: [ScenarioStep] = []
  private(set) var notes: [String] = []
  private(set) var divergences: [RecordIssue] = []
  private var clock: Int64
  private var mirrors: [String: Mirror]
  private var plans: [String: ParticipantPlan]
  /// Participants with an event taken so far.
  private var heard: Set<String> = []
  /// Each subscriber's subscriptions stopped and started again so far in what may be its
  /// SDK's reconnection (StepBuilder+Reconnect).
  var bursts: [String: ReconnectBurst] = [:]
  /// When each participant last started or stopped publishing, joined or left (Unix ms).
  var publishingChanged: [String: Int64] = [:]
  /// When the last event that was no SUBSCRIBE_STOPPED was recorded (Unix ms).
  var lastBesidesStops: Int64 = .min
  /// When each subscriber's subscription to each publisher last started (Unix ms).
  var subscribedSince: [String: [String: Int64]] = [:]
  /// Each publisher's last stop and start again as steps still held (StepBuilder+Reconnect).
  var republished: [String: PublishSteps] = [:]
  /// Participants whose app answered a question yes, its PUBLISH_STARTED recorded in a later
  /// second: the answer is stepped then (`answer(_:askedAt:)`).
  private var answerAtPublish: Set<String> = []
  /// The newest second an exchange changed the user ID or attributes of a participant while it
  /// published: what observers see of it from then on depends on their SDKs.
  private var metadataChangedWhilePublishing: Int64?
  /// Participants others subscribed to whose token, as the records show it, cannot publish.
  private var unpublishable: Set<String> = []
  /// The newest second a participant stopped publishing (unpublished, left, lost the
  /// capability): with those publishing now, whether anyone published while another watched.
  private var publishingStopped: Int64?
  /// Whose subscribers stop together (a whole record's), to infer an unpublish the records
  /// lack; nil for a live session read as it goes.
  var subscribersStop: SubscribersStop?

  init(start: Int64, plans: [String: ParticipantPlan]) {
    clock = start
    self.plans = plans
    mirrors = plans.mapValues { Mirror(token: $0.first) }
  }

  /// The second the steps have reached.
  var second: Int64 { clock }

  /// Whether `id` is one of the planned participants.
  func knows(_ id: String) -> Bool { plans[id] != nil }

  /// Whether `plan` can take the place of the plan of a participant that never published
  /// without the steps taken so far showing the difference: it has not joined (it joins with
  /// the new plan), or it joined (as its `firstJoinTime` infers) with the same capabilities and
  /// publish strategy; the same subscribe strategy or nobody published while it watched (there
  /// was no one to subscribe to); and the same SDK or no publisher's values changed while it
  /// watched (an SDK decides only how an observer sees such a change).
  func canTake(_ plan: ParticipantPlan) -> Bool {
    guard let mirror = mirrors[plan.id], let old = plans[plan.id], !mirror.publishing else {
      return false
    }
    guard mirror.connected else { return true }
    let since = mirror.joinedAt
    let watchedPublishing =
      publishingStopped.map { $0 >= since } ?? false || mirrors.values.contains(where: \.publishing)
    return plan.first.capabilities == mirror.token.capabilities
      && plan.strategy.publish == old.strategy.publish
      && (plan.strategy.subscribe == old.strategy.subscribe || !watchedPublishing)
      && (plan.sdk == old.sdk || metadataChangedWhilePublishing.map { $0 < since } ?? true)
  }

  /// Takes in a participant the records show only now (`attach`: a join after the import),
  /// planned as the import plans the others, or a plan `canTake` allows in place of one (the
  /// participant stays connected if it was); its events follow as `apply` takes them.
  mutating func learn(_ plan: ParticipantPlan) {
    plans[plan.id] = plan
    let was = mirrors[plan.id]
    mirrors[plan.id] = Mirror(
      connected: was?.connected ?? false, token: plan.first, joinedAt: was?.joinedAt ?? 0)
  }

  /// The steps written since the last call, handed over (`LiveImport` keeps the builder's
  /// state, not its output: a copy kept to go back to then shares no growing arrays). The
  /// notes and divergences go too: only the first import reports them.
  mutating func takeSteps() -> [ScenarioStep] {
    defer {
      steps = []
      notes = []
      divergences = []
      republished = [:]
    }
    return steps
  }

  /// Joins a hypothetical viewer at the start; it stays the whole session.
  mutating func joinObserver(_ id: String) { join(id) }

  mutating func apply(_ event: RecordedEvent) {
    advance(to: event.second)
    let id = event.participantId
    track(event)
    switch event.kind {
    case .joined?:
      if mirrors[id]?.connected == true {
        notes.append("\(event.origin): \(id) JOINED again without a LEFT before; no step")
      } else {
        join(id)
        answer(id, askedAt: event.time)
      }
    case .left?:
      answerAtPublish.remove(id)
      if mirrors[id]?.connected == true { step(.leave(id)) }
      if mirrors[id]?.publishing == true { publishingStopped = clock }
      mirrors[id]?.connected = false
      mirrors[id]?.publishing = false
    case .publishStarted?:
      ensureJoined(id, event)
      if mirrors[id]?.publishing == false, answerAtPublish.remove(id) != nil {
        step(.answer(id, publish: true))
        mirrors[id]?.publishing = true
      } else if mirrors[id]?.publishing == false, mayPublish(id, event) {
        publish(id)
        holdPublishStep(id, starts: true, at: event.time)
      }
    case .publishError?:
      ensureJoined(id, event)
      if event.isModelled, mirrors[id]?.publishing == false, mayFail(id, event) { publish(id) }
    case .publishStopped?:
      ensureJoinedBefore(id, event)
      if mirrors[id]?.publishing == true {
        step(.unpublish(id))
        mirrors[id]?.publishing = false
        publishingStopped = clock
        holdPublishStep(id, starts: false, at: event.time)
      }
    case .tokenExchanged?: exchange(event)
    case .subscribeStarted?:
      ensureJoined(id, event)
      if let remote = event.remoteParticipantId { ensurePublishing(remote, event) }
      if let reconnection = reconnection(after: event) {
        dropNetwork(id, reconnection, at: event.time)
      }
    case .subscribeStopped?:
      ensureJoinedBefore(id, event)
      if let remote = event.remoteParticipantId { inferUnpublish(remote, event) }
      noteStop(event)
    default: break
    }
    heard.insert(id)
  }

  /// Starts the records' composition at `second` (get-composition's `startTime`, after the
  /// records begin).
  mutating func startComposition(_ configuration: CompositionConfiguration, at second: Int64) {
    advance(to: second)
    step(.composition(.start(Stage.firstCompositionID, configuration)))
  }

  /// Stops the records' composition at `second` (get-composition's `endTime`).
  mutating func stopComposition(at second: Int64) {
    advance(to: second)
    step(.composition(.stop(Stage.firstCompositionID)))
  }

  /// Who publishes now besides `id`, when `id` is connected; nil when it is not.
  func publishers(besides id: String) -> Set<String>? {
    guard mirrors[id]?.connected == true else { return nil }
    return Set(mirrors.filter { $0.key != id && $0.value.publishing }.keys)
  }

  /// Whether `id` publishes now (as the mirror has it), whether its token allows it, and
  /// how its app answers the publish question.
  func publishing(_ id: String) -> (now: Bool, allowed: Bool, strategy: StrategySettings.Publish?) {
    (
      mirrors[id]?.publishing == true, mirrors[id]?.token.capabilities.publish == true,
      plans[id]?.strategy.publish
    )
  }

  /// Steps `id`'s network drop in place of the held steps it stands for (its unpublish and
  /// publish), with the app's answer to the publish question the reconnection asks as the
  /// records show it, where the model's strategy for it does not give that answer itself:
  /// an `ask` answered, a publish of its own after a `never`, and an app that publishes on
  /// its own (`always`, inferred from an earlier question's answer) answering no this time
  /// (no PUBLISH_STARTED in the burst: the records show the answer, not the strategy).
  private mutating func dropNetwork(_ id: String, _ reconnection: Reconnection, at time: Int64) {
    let held = reconnection.replaced.sorted(by: >)
    let publishSteps = held.allSatisfy { index in
      guard steps.indices.contains(index) else { return false }
      switch steps[index] {
      case .publish(id), .unpublish(id): return true
      default: return false
      }
    }
    guard publishSteps else { return }
    for index in held { removeStep(at: index) }
    republished[id] = nil
    answerAtPublish.remove(id)
    let publisher = publishing(id)
    let strategy = publisher.allowed ? publisher.strategy : nil
    if strategy == .always, !reconnection.publishes {
      notes.append(
        "\(id): no PUBLISH_STARTED in its reconnection at \(RecordTime.iso8601(milliseconds: time)):"
          + " its app answered the publish question no this time (inferred, not recorded)")
      step(.setStrategy(id, publish: .never, subscribe: nil))
      step(.media(.networkDrop(id)))
      step(.setStrategy(id, publish: .always, subscribe: nil))
      return
    }
    step(.media(.networkDrop(id)))
    switch strategy {
    case .ask?: step(.answer(id, publish: reconnection.publishes))
    case .never? where reconnection.publishes: step(.publish(id))
    default: break
    }
  }

  /// Removes a held step; the held steps after it move up.
  private mutating func removeStep(at index: Int) {
    steps.remove(at: index)
    for (id, held) in republished {
      var moved = held
      if let stop = held.stop?.step, stop > index { moved.stop?.step = stop - 1 }
      if let start = held.start?.step, start > index { moved.start?.step = start - 1 }
      republished[id] = moved
    }
  }

  private mutating func step(_ step: ScenarioStep) { steps.append(step) }

  private mutating func advance(to second: Int64) {
    guard second > clock else { return }
    step(.advance(VirtualDuration(seconds: second - clock)))
    clock = second
  }

  private mutating func join(_ id: String) {
    step(.join(id))
    guard var mirror = mirrors[id] else { return }
    mirror.connected = true
    mirror.joinedAt = clock
    mirror.publishing = mirror.token.capabilities.publish && plans[id]?.strategy.publish == .always
    mirrors[id] = mirror
  }

  /// The app's inferred answer to the "publish?" the model asks `id` at the recorded
  /// moment `askedAt` (strategy `ask`), as a step: now, or a yes whose PUBLISH_STARTED was
  /// recorded in a later second at that PUBLISH_STARTED (the question pending till then),
  /// so the model publishes when the records show it, not before.
  private mutating func answer(_ id: String, askedAt time: Int64) {
    guard plans[id]?.strategy.publish == .ask, let answer = plans[id]?.answers[time] else { return }
    if answer.publishedLater(than: time) {
      answerAtPublish.insert(id)
      return
    }
    step(.answer(id, publish: answer.publish))
    if answer.publish { mirrors[id]?.publishing = true }
  }

  private mutating func publish(_ id: String) {
    step(.publish(id))
    let allowed = mirrors[id]?.token.capabilities.publish ?? false
    mirrors[id]?.publishing = allowed
  }

  private mutating func ensureJoined(_ id: String, _ event: RecordedEvent) {
    guard mirrors[id]?.connected == false else { return }
    notes.append(
      "\(id): no JOINED in the records before \(event.name) at "
        + "\(RecordTime.iso8601(milliseconds: event.time)); assumed joined then")
    join(id)
  }

  /// A participant whose first own event stops something was on the stage before it (its
  /// earlier events are missing): joined then at the latest.
  private mutating func ensureJoinedBefore(_ id: String, _ event: RecordedEvent) {
    guard !heard.contains(id) else { return }
    ensureJoined(id, event)
  }

  /// Unpublishes `id` when every subscriber of it stops together (`subscribersStop`) and the
  /// records hold no publish event of its own: its publishing is then inferred from
  /// subscriptions (`ensurePublishing`), and so is its end (finding 14008652: a composition
  /// kept showing a publisher whose PUBLISH_STOPPED was on a page left out).
  private mutating func inferUnpublish(_ id: String, _ event: RecordedEvent) {
    guard mirrors[id]?.publishing == true, let together = subscribersStop,
      !together.publishRecorded.contains(id), together.unexplained(id, at: event.time) != nil
    else { return }
    step(.unpublish(id))
    mirrors[id]?.publishing = false
    publishingStopped = clock
    publishingChanged[id] = event.time
    notes.append(
      "\(id): unpublished at \(RecordTime.iso8601(milliseconds: event.time)), inferred: every"
        + " subscriber of it stopped then, and the records hold no publish event of its own")
  }

  private mutating func ensurePublishing(_ id: String, _ event: RecordedEvent) {
    guard mirrors[id]?.publishing == false else { return }
    ensureJoined(id, event)
    if mirrors[id]?.publishing == false, mayPublish(id, event) { publish(id) }
  }

  /// Whether `id`'s token, as the records show it, allows the publishing `event` shows (its
  /// own PUBLISH_STARTED, or another's subscription to it). When it does not, the exchange
  /// that allowed it is missing from the records: no publish is stepped (the model's would
  /// fail, a PUBLISH_ERROR nobody had), the comparison shows what the model then lacks, and
  /// a note says why, once for each participant.
  private mutating func mayPublish(_ id: String, _ event: RecordedEvent) -> Bool {
    guard mirrors[id]?.token.capabilities.publish != true else { return true }
    if unpublishable.insert(id).inserted {
      notes.append(
        "\(id): the records show it publishing at \(RecordTime.iso8601(milliseconds: event.time))"
          + " (\(event.name) of \(event.participantId)), but its token as they show it did not"
          + " allow publishing (an exchange that allowed it is missing from the records); no"
          + " publish step")
    }
    return false
  }

  /// Whether the model, publishing `id` now, can fail as its recorded PUBLISH_ERROR says:
  /// INSUFFICIENT_CAPABILITIES needs a token without PUBLISH. When the token as the records
  /// show it allows publishing, the exchange that took it away is missing from the records:
  /// no publish is stepped (the model's would succeed, a PUBLISH_STARTED nobody had), the
  /// comparison shows the error the model then lacks, and a note says why.
  private mutating func mayFail(_ id: String, _ event: RecordedEvent) -> Bool {
    guard event.errorCode == "INSUFFICIENT_CAPABILITIES",
      mirrors[id]?.token.capabilities.publish == true
    else { return true }
    notes.append(
      "\(id): PUBLISH_ERROR INSUFFICIENT_CAPABILITIES at "
        + "\(RecordTime.iso8601(milliseconds: event.time)), but its token as the records show it"
        + " allowed publishing (an exchange that removed it is missing from the records); no"
        + " publish step")
    return false
  }

  private mutating func exchange(_ event: RecordedEvent) {
    let id = event.participantId
    ensureJoined(id, event)
    guard let new = event.newToken, var mirror = mirrors[id] else {
      divergences.append(
        RecordIssue(
          origin: event.origin, message: "TOKEN_EXCHANGED of \(id) without newToken; no step",
          isInvalid: true))
      return
    }
    if let previous = event.previousToken,
      let contradiction = Self.contradiction(previous, mirror.token)
    {
      divergences.append(
        RecordIssue(
          origin: event.origin,
          message: "TOKEN_EXCHANGED of \(id) at \(RecordTime.iso8601(milliseconds: event.time)): "
            + "previousToken contradicts the records before it: \(contradiction)",
          isInvalid: false))
    }
    step(.exchange(id, .mint(mintSpec(new, at: event.second, id: id))))
    if mirror.publishing,
      new.userId != mirror.token.userId || new.attributes != mirror.token.attributes
    {
      metadataChangedWhilePublishing = clock
    }
    let gained = new.capabilities.publish && !mirror.token.capabilities.publish
    if !new.capabilities.publish, mirror.publishing {
      mirror.publishing = false
      publishingStopped = clock
    }
    if gained, !mirror.publishing, plans[id]?.strategy.publish == .always {
      mirror.publishing = true
    }
    mirror.token = new
    mirrors[id] = mirror
    if gained, !mirror.publishing { answer(id, askedAt: event.time) }
  }

  private mutating func mintSpec(_ token: RecordedToken, at second: Int64, id: String)
    -> TokenMintSpec
  {
    var spec = TokenMintSpec(
      capabilities: token.capabilities,
      attributes: token.attributes.keys.sorted().map { ($0, token.attributes[$0] ?? "") },
      userId: token.userId)
    if let expiry = token.expirationTime {
      let (lifetime, overflow) = expiry.subtractingReportingOverflow(second)
      if !overflow, (1...RecordImporter.maximumLifetime).contains(lifetime) {
        spec.ttl = VirtualDuration(seconds: lifetime)
      } else {
        notes.append(
          "\(id): newToken expires \(VirtualTime.iso8601(expiry)), not within 14 days after "
            + "the exchange; modelled with the current token's lifetime")
      }
    }
    return spec
  }

  /// What differs between a TOKEN_EXCHANGED's previousToken and the token the records
  /// implied, or nil.
  static func contradiction(_ said: RecordedToken, _ known: RecordedToken) -> String? {
    var parts: [String] = []
    if said.capabilities != known.capabilities {
      parts.append(
        "capabilities \(names(said.capabilities)) (before: \(names(known.capabilities)))")
    }
    if said.attributes != known.attributes {
      parts.append("attributes \(braced(said.attributes)) (before: \(braced(known.attributes)))")
    }
    if said.userId != known.userId {
      parts.append("userId \(said.userId ?? "none") (before: \(known.userId ?? "none"))")
    }
    if let a = said.expirationTime, let b = known.expirationTime, a != b {
      parts.append(
        "expirationTime \(VirtualTime.iso8601(a)) (before: \(VirtualTime.iso8601(b)))")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  static func names(_ capabilities: Capabilities) -> String {
    "[" + capabilities.names.map { $0.uppercased() }.joined(separator: ", ") + "]"
  }

  static func braced(_ attributes: [String: String]) -> String {
    "{" + attributes.keys.sorted().map { "\($0)=\(attributes[$0] ?? "")" }.joined(separator: ", ")
      + "}"
  }
}
