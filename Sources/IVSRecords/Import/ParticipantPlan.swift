import StageEngine
import TokenCore

/// How the importer models one participant: its SDK, its first token and the strategy
/// that lets the model produce what was recorded.
struct ParticipantPlan {
  let id: String
  var sdk: SDKProfile
  /// Where `sdk` came from, what it was based on, and whether verdicts depend on it.
  var source: SDKSource
  var basis: String
  var platform: SDKProfile.Platform?
  var threshold: String?
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
  /// How many TOKEN_EXCHANGED the records show for it.
  var exchangeCount = 0

  /// The SDK as the report states it.
  var stated: ParticipantSDK {
    ParticipantSDK(
      id: id, profile: sdk, source: source, basis: basis, platform: platform,
      threshold: threshold)
  }

  /// Plans `id` from its events (oldest first) and what the records say about it.
  init(id: String, events: TimelineEvents, record: ParticipantRecord?, isRemoteOnly: Bool) {
    self.id = id
    exchangeCount =
      events.positions.lazy.filter { events.timeline[$0].kind == .tokenExchanged }
      .count
    let guess = SDKGuess(record, exchanges: exchangeCount > 0)
    sdk = guess.profile
    source = guess.source
    basis = guess.basis
    platform = guess.platform
    threshold = guess.threshold
    // Fields are read in place: a closure over `events` would copy every event.
    hasOwnEvents = events.positions.contains {
      !events.timeline[$0].viaEventBridge && !events.timeline[$0].isInferred
    }
    exchanges = exchangeCount > 0
    if let exchange = events.first(.tokenExchanged), let previous = exchange.previousToken {
      first = previous
      firstSource = "previousToken of its first TOKEN_EXCHANGED"
    } else {
      let publishes = isRemoteOnly || events.contains(.publishStarted)
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
      if hasOwnEvents, !events.contains(.subscribeStarted) {
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
    for index in events.indices {
      let second = events[index].second
      let publishesAtOnce =
        index + 1 < events.count && events[index + 1].kind == .publishStarted
        && events[index + 1].second == second
      switch events[index].kind {
      case .joined?:
        connected = true
        if capabilities.publish {
          occasions += 1
          prompt = prompt && publishesAtOnce
        }
      case .tokenExchanged?:
        let new = events[index].newToken?.capabilities
        let gained = !capabilities.publish && (new?.publish ?? false)
        capabilities = new ?? capabilities
        if !capabilities.publish { publishing = false }
        if gained && !publishing && connected {
          occasions += 1
          prompt = prompt && publishesAtOnce
        }
      case .publishStarted?:
        let followsOccasion =
          !connected
          || (index > 0 && [.joined, .tokenExchanged].contains(events[index - 1].kind)
            && events[index - 1].second == second)
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
        events.contains(.publishStarted)
        ? "publish=never: it published at its own moments (explicit publish steps)"
        : "publish=never: it never published"
    }
  }
}
