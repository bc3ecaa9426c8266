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
  /// When the records show it joined (its first JOINED, in seconds), if they do.
  var joinedAt: Int64?

  /// "viewer-7: the records show it joined at … while its first token (…) says `exp` …": when
  /// the token the records reveal had expired before the join they show. The records win: the
  /// model lets it join as they say (`RecordImporter.participant`), and this says they
  /// disagree; nil when they do not.
  var expiredAtJoin: String? {
    guard let joined = joinedAt, let expiry = first.expirationTime, expiry <= joined else {
      return nil
    }
    return "\(id): the records show it joined at \(VirtualTime.iso8601(joined)), but its first "
      + "token (\(firstSource)) expired at \(VirtualTime.iso8601(expiry)), before it; the records "
      + "win — the model lets it join as they show — so that token is not the one it joined with, "
      + "or the clocks disagree (a finding, not a refusal)"
  }

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
    joinedAt = events.first(.joined)?.second
    if let exchange = events.first(.tokenExchanged), let previous = exchange.previousToken {
      first = previous
      firstSource = "previousToken of its first TOKEN_EXCHANGED"
    } else {
      // One that stopped publishing had published (EventBridge may give only the stop).
      let publishes =
        isRemoteOnly || events.contains(.publishStarted) || events.contains(.publishStopped)
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
      // A stopped subscription had started (its start may be on a page not here).
      if hasOwnEvents, !events.contains(.subscribeStarted), !events.contains(.subscribeStopped) {
        strategy.subscribe = .none
        strategyReason += "; subscribe=none: its records show no subscription"
      }
    }
  }

  /// The app's answer to "publish?" at each moment the model asks it (a join whose token
  /// allows publishing, an exchange granting it), by the recorded time of that join or
  /// exchange: inferred from that moment's own evidence only — a PUBLISH_STARTED within
  /// `answerWindow` means yes — so unrelated evidence (a republish minutes later) never
  /// flips it. The strategy is then `ask`, each answer a step; without such moments, `never`.
  private(set) var answers: [Int64: InferredAnswer] = [:]

  /// How soon after the question a recorded PUBLISH_STARTED counts as its answer.
  static let answerWindow: Int64 = 2000

  private mutating func choosePublishStrategy(_ events: TimelineEvents) {
    var capabilities = first.capabilities
    var connected = false
    var publishing = false
    for index in events.indices {
      switch events[index].kind {
      case .joined?:
        connected = true
        if capabilities.publish { infer(at: index, events) }
      case .tokenExchanged?:
        let new = events[index].newToken?.capabilities
        let gained = !capabilities.publish && (new?.publish ?? false)
        capabilities = new ?? capabilities
        if !capabilities.publish { publishing = false }
        if gained && !publishing && connected { infer(at: index, events) }
      case .publishStarted?:
        connected = true
        publishing = true
      case .publishStopped?: publishing = false
      case .left?:
        connected = false
        publishing = false
      default: break
      }
    }
    guard !answers.isEmpty else {
      strategy.publish = .never
      strategyReason =
        events.contains(.publishStarted)
        ? "publish=never: it published at its own moments (explicit publish steps)"
        : "publish=never: it never published"
      return
    }
    // Each answer stands on its own evidence whichever strategy carries it: `always` or
    // `never` when every answer agrees (no prompt in the monitor), `ask` with one answer
    // step per question when they differ, or when a yes published in a later second than
    // its question (`always` would publish at the question, before the records show it).
    let yes = answers.values.filter(\.publish).count
    let late = answers.contains { $0.value.publishedLater(than: $0.key) }
    strategy.publish = yes == answers.count && !late ? .always : yes == 0 ? .never : .ask
    strategyReason =
      "publish=\(strategy.publish.rawValue): each \"publish?\" answered from that moment's own "
      + "records (\(yes) yes, \(answers.count - yes) no; inferred, not recorded)"
      + (late ? "; a yes whose PUBLISH_STARTED came in a later second is answered then" : "")
  }

  /// The answer to the question asked at `events[index]`: yes when the participant's next
  /// PUBLISH_STARTED follows within `answerWindow`, before it leaves or exchanges again.
  private mutating func infer(at index: Int, _ events: TimelineEvents) {
    let asked = events[index].time
    var answer = InferredAnswer(publish: false, evidence: "no PUBLISH_STARTED within 2 s")
    for next in events.indices where next > index {
      let event = events[next]
      guard event.kind != .left, event.kind != .tokenExchanged else { break }
      guard event.kind == .publishStarted else { continue }
      let (delay, overflow) = event.time.subtractingReportingOverflow(asked)
      if !overflow, delay <= Self.answerWindow {
        answer = InferredAnswer(
          publish: true, evidence: "inferred from PUBLISH_STARTED \(Self.seconds(delay)) s later",
          publishedAt: event.time)
      } else {
        answer = InferredAnswer(
          publish: false,
          evidence: "inferred: its next PUBLISH_STARTED came \(Self.seconds(delay)) s later, "
            + "as a publish of its own")
      }
      break
    }
    if !answer.publish, answer.evidence.hasPrefix("no ") {
      answer = InferredAnswer(
        publish: false,
        evidence: "inferred: no PUBLISH_STARTED followed before it left or exchanged again")
    }
    answers[asked] = answer
  }

  /// `0.64`, `240` (milliseconds as seconds, two decimals when not whole).
  static func seconds(_ milliseconds: Int64) -> String {
    let whole = milliseconds / 1000
    let rest = milliseconds % 1000
    guard rest != 0 else { return "\(whole)" }
    let hundredths = (rest + 5) / 10
    guard hundredths < 100 else { return "\(whole + 1)" }
    let digits = (hundredths < 10 ? "0" : "") + "\(hundredths)"
    return "\(whole)." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
  }
}

/// The app's answer to one "publish?" question, as the records suggest it (never recorded:
/// IVS logs no strategy calls), with the evidence in words.
public struct InferredAnswer: Sendable, Equatable {
  /// Whether it published.
  public let publish: Bool
  /// `inferred from PUBLISH_STARTED 0.64 s later`.
  public let evidence: String
  /// When the PUBLISH_STARTED of a yes was recorded (Unix milliseconds).
  var publishedAt: Int64?

  init(publish: Bool, evidence: String, publishedAt: Int64? = nil) {
    self.publish = publish
    self.evidence = evidence
    self.publishedAt = publishedAt
  }

  /// Whether it is a yes whose PUBLISH_STARTED was recorded in a later second than the
  /// question asked at `asked` (Unix milliseconds): the model, stepping by seconds, then
  /// publishes when it is answered, not at the question.
  func publishedLater(than asked: Int64) -> Bool {
    guard publish, let publishedAt else { return false }
    return publishedAt.floorDivided(by: 1000) > asked.floorDivided(by: 1000)
  }
}
