import Seeded
import StageEngine
import TokenCore

/// Plays a cast on the model, one random action at a time: each action is chosen from what
/// the stage allows now (the driver mirrors who is connected, publishing and allowed to
/// publish from the model's own server events), and an action the stage refuses leaves no
/// event and is not counted.
struct Driver {
  let runner: ScenarioRunner
  var cast: Cast
  private(set) var events: [StageEvent] = []
  private(set) var composition: GeneratedComposition?
  /// Each step that ran, with the events it made (`Counterfactual` plays them again).
  private(set) var played: [PlayedStep] = []
  private var connected: Set<String> = []
  private var publishing: Set<String> = []
  private var left: [String] = []
  private var late: [String] = []
  private var canPublish: [String: Bool] = [:]
  private var metadata: [String: ParticipantMetadata] = [:]
  private var compositionRunning = false

  init(runner: ScenarioRunner, cast: Cast) {
    self.runner = runner
    self.cast = cast
    for member in cast.members {
      canPublish[member.described.id] = member.described.canPublish
      metadata[member.described.id] = ParticipantMetadata(
        userId: member.described.userId, attributes: member.described.attributes)
    }
  }

  var now: Int64 { runner.stage.clock.now }

  /// Joins most of the cast, takes `actions` random actions, then everyone leaves.
  mutating func play(random: inout SeededRandom, actions: Int) {
    drain()
    if random.chance(15) { startComposition(&random) }
    for (index, member) in cast.members.enumerated() {
      let id = member.described.id
      if index == 0 || random.chance(75) {
        advance(Int64(random.int(0...20)))
        perform(.join(id))
      } else {
        late.append(id)
      }
    }
    for _ in 0..<actions {
      advance(gap(&random))
      act(&random)
    }
    if compositionRunning, random.chance(50) { stopComposition() }
    for id in connected.sorted() where random.chance(90) {
      advance(Int64(random.int(0...5)))
      perform(.leave(id))
    }
  }

  private func gap(_ random: inout SeededRandom) -> Int64 {
    let roll = random.int(0...99)
    if roll < 20 { return Int64(random.int(0...3)) }
    if roll < 90 { return Int64(random.int(4...120)) }
    return Int64(random.int(121...600))
  }

  private mutating func act(_ random: inout SeededRandom) {
    let on = connected.sorted()
    let roll = random.int(0...99)
    switch roll {
    case 0..<10:
      if let id = late.popLast() { perform(.join(id)) }
    case 10..<18:
      if on.count > 1, let id = random.pick(on) { perform(.leave(id)) }
    case 18..<25:
      if let id = random.pick(left.filter { !connected.contains($0) }) { perform(.join(id)) }
    case 25..<30:
      if let id = random.pick(on) { perform(.reconnect(id)) }
    case 30..<55:
      if let id = random.pick(on) { exchange(id, &random) }
    case 55..<63:
      if let id = random.pick(on) {
        exchange(id, &random)
        advance(Int64(random.int(1...20)))
        exchange(id, &random)
      }
    case 63..<72:
      if let id = random.pick(publishing.sorted()) {
        perform(.unpublish(id))
        advance(Int64(random.int(0...30)))
        perform(.publish(id))
      }
    case 72..<76:
      if let id = random.pick(publishing.sorted()) { perform(.unpublish(id)) }
    case 76..<81:
      if let id = random.pick(on.filter { !publishing.contains($0) && canPublish[$0] == true }) {
        perform(.publish(id))
      }
    case 81..<87:
      if let id = random.pick(on) { perform(.media(.networkDrop(id))) }
    case 87..<92:
      // An app error: the app publishes without the capability (PUBLISH_ERROR).
      if let id = random.pick(on.filter { !publishing.contains($0) && canPublish[$0] != true }) {
        perform(.publish(id))
      }
    case 92..<93:
      if !compositionRunning, composition == nil { startComposition(&random) }
    default:
      if compositionRunning { stopComposition() }
    }
  }

  /// An exchange changing the attributes, sometimes `user_id`, sometimes the capability to
  /// publish (a promotion or a demotion).
  private mutating func exchange(_ id: String, _ random: inout SeededRandom) {
    guard let current = metadata[id] else { return }
    var attributes = current.attributes
    switch random.int(0...3) {
    case 0: attributes["seat"] = "\(random.int(1...9))"
    case 1: attributes["name"] = "\(current.userId ?? id) \(random.identifier(3))"
    case 2: attributes["lowerThird"] = random.pick(["Live now", "Guest of the week", "Q&A"])
    default: attributes["seat"] = nil
    }
    let toggles = random.chance(25)
    let publish = toggles ? !(canPublish[id] ?? false) : nil
    if let publish { attributes["role"] = publish ? "guest" : "viewer" }
    let userId = random.chance(10) ? "\(current.userId ?? "user")-\(random.int(2...9))" : nil
    let spec = TokenMintSpec(
      capabilities: publish.map { Capabilities(publish: $0, subscribe: true) },
      attributes: attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
      userId: userId)
    perform(.exchange(id, .mint(spec)))
  }

  private mutating func startComposition(_ random: inout SeededRandom) {
    let configuration = CompositionConfiguration(
      layout: random.chance(70) ? .grid : .pip,
      featuredParticipantAttribute: random.chance(50) ? "featured" : "",
      participantOrderAttribute: random.chance(50) ? "seat" : "",
      // The update policy follows the session's day (SPEC §4: it is no StartComposition
      // setting).
      updates: nil)
    // The draw that once picked the policy is kept: seeds make the sessions fixtures name.
    _ = random.chance(60)
    let id = "composition-\(random.identifier(6))"
    guard perform(.composition(.start(id, configuration))) else { return }
    compositionRunning = true
    composition = GeneratedComposition(
      id: id, arn: "arn:aws:ivs:us-east-1:123456789012:composition/\(random.identifier(12))",
      configuration: configuration, started: now, stopped: nil)
  }

  private mutating func stopComposition() {
    guard let running = composition, perform(.composition(.stop(running.id))) else { return }
    compositionRunning = false
    composition = GeneratedComposition(
      id: running.id, arn: running.arn, configuration: running.configuration,
      started: running.started, stopped: now)
  }

  private mutating func advance(_ seconds: Int64) {
    guard seconds > 0 else { return }
    perform(.advance(VirtualDuration(seconds: seconds)))
  }

  /// Runs `step`; false when the stage refused it (nothing happened).
  @discardableResult
  private mutating func perform(_ step: ScenarioStep) -> Bool {
    do {
      try runner.perform(step, origin: "generated")
    } catch {
      return false
    }
    let first = events.count
    drain()
    played.append(PlayedStep(step: step, events: first..<events.count))
    return true
  }

  private mutating func drain() {
    runner.stage.drainEvents { batch in
      for event in batch where Self.kept(event) {
        follow(event)
        events.append(event)
      }
    }
  }

  /// Whether the session keeps `event`: the server's, beliefs, compositions and what the
  /// renderers show.
  static func kept(_ event: StageEvent) -> Bool {
    switch event.source {
    case .server, .belief, .composition: true
    case .client:
      switch event.kind {
      case .participantJoined, .participantLeft, .participantMetadataUpdated,
        .connectionStateChanged:
        true
      default: false
      }
    default: false
    }
  }

  private mutating func follow(_ event: StageEvent) {
    guard event.source == .server, let id = event.participant else { return }
    switch event.kind {
    case .joined: connected.insert(id)
    case .left:
      connected.remove(id)
      publishing.remove(id)
      if !left.contains(id) { left.append(id) }
    case .publishStarted: publishing.insert(id)
    case .publishStopped: publishing.remove(id)
    case .tokenExchanged:
      guard let new = event.exchange?.newToken else { return }
      canPublish[id] = new.capabilities.publish
      metadata[id] = ParticipantMetadata(userId: new.userId, attributes: new.attributes)
    default: break
    }
  }
}
