import StageEngine
import TokenCore

/// How the importer models one participant: its SDK, its first token and the strategy
/// that lets the model produce what was recorded.
struct ParticipantPlan {
  let id: String
  var sdk: SDKProfile
  /// Set when the SDK was guessed, with what the guess was based on.
  var guess: SDKGuess?
  /// The first token the records reveal, else defaults.
  var first: RecordedToken
  /// Where `first` came from, for the notes.
  var firstSource: String
  var strategy = StrategySettings()
  /// Why the strategy was chosen, for the notes.
  var strategyReason = ""
  /// Whether the participant's own ListParticipantEvents were given (its model events can
  /// then be compared); EventBridge alone covers only its publish events.
  var hasOwnEvents = false
  var exchanges = false

  /// Plans `id` from its events (oldest first) and what the records say about it.
  init(id: String, events: TimelineEvents, record: ParticipantRecord?, isRemoteOnly: Bool) {
    self.id = id
    let guess = SDKGuess(record)
    sdk = guess.profile
    self.guess = guess.isGuessed ? guess : nil
    hasOwnEvents = events.contains { !$0.viaEventBridge && !$0.isInferred }
    exchanges = events.contains { $0.kind == .tokenExchanged }
    if let exchange = events.first(where: { $0.kind == .tokenExchanged }),
      let previous = exchange.previousToken
    {
      first = previous
      firstSource = "previousToken of its first TOKEN_EXCHANGED"
    } else {
      let publishes = isRemoteOnly || events.contains { $0.kind == .publishStarted }
      first = RecordedToken(
        capabilities: Capabilities(publish: publishes, subscribe: true),
        attributes: record?.attributes ?? [:], userId: record?.userId, expirationTime: nil)
      firstSource =
        record?.attributes != nil
        ? "get-participant (capabilities from what it did)" : "defaults and what it did"
    }
    if isRemoteOnly {
      strategy = StrategySettings(publish: .always, subscribe: .audioVideo)
      strategyReason = "seen only as a publisher others subscribed to"
    } else {
      choosePublishStrategy(events)
      if hasOwnEvents, !events.contains(where: { $0.kind == .subscribeStarted }) {
        strategy.subscribe = .none
        strategyReason += "; subscribe=none: its records show no subscription"
      }
    }
  }

  /// `always` when every publish in the records follows at once (same second) from a
  /// moment the model asks "publish?" (join or exchange granting publish) and every such
  /// moment led to a publish; otherwise `never`, with explicit publish steps.
  private mutating func choosePublishStrategy(_ events: TimelineEvents) {
    var capabilities = first.capabilities
    var connected = false
    var publishing = false
    var occasions = 0
    var prompt = true
    for (index, event) in events.enumerated() {
      let publishesAtOnce =
        index + 1 < events.count && events[index + 1].kind == .publishStarted
        && events[index + 1].second == event.second
      switch event.kind {
      case .joined?:
        connected = true
        if capabilities.publish {
          occasions += 1
          prompt = prompt && publishesAtOnce
        }
      case .tokenExchanged?:
        let gained = !capabilities.publish && (event.newToken?.capabilities.publish ?? false)
        capabilities = event.newToken?.capabilities ?? capabilities
        if !capabilities.publish { publishing = false }
        if gained && !publishing && connected {
          occasions += 1
          prompt = prompt && publishesAtOnce
        }
      case .publishStarted?:
        let followsOccasion =
          !connected
          || (index > 0 && [.joined, .tokenExchanged].contains(events[index - 1].kind)
            && events[index - 1].second == event.second)
        if !connected { occasions += 1 }
        prompt = prompt && followsOccasion && !publishing
        connected = true
        publishing = true
      case .publishStopped?: publishing = false
      case .left?:
        connected = false
        publishing = false
      default: break
      }
    }
    if occasions > 0 && prompt {
      strategy.publish = .always
      strategyReason = "publish=always: it published as soon as its token allowed"
    } else {
      strategy.publish = .never
      strategyReason =
        events.contains(where: { $0.kind == .publishStarted })
        ? "publish=never: it published at its own moments (explicit publish steps)"
        : "publish=never: it never published"
    }
  }
}
