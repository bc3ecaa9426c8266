import StageEngine

/// The pieces `ExchangeFollower` keeps per exchange and per observer.
extension ExchangeFollower {
  typealias Sighting = ExchangeStory.Sighting

  /// Who watches an exchange: a client on an SDK, or a server-side composition.
  struct Observer {
    /// What kind of observer it is.
    enum Kind {
      /// A participant's client, with its SDK profile (`android@1.36.0`).
      case client(profile: String)
      /// A server-side composition.
      case composition
    }

    /// The participant's or composition's ID.
    let id: String
    /// What kind it is.
    let kind: Kind

    /// The profile a sighting states: the client's SDK, or `composition`.
    var profile: String {
      switch kind {
      case .client(let profile): profile
      case .composition: "composition"
      }
    }

    /// Whether it is a composition.
    var isComposition: Bool {
      if case .composition = kind { return true }
      return false
    }
  }

  /// How an observer came to watch an exchange.
  enum Arrival {
    /// It was there when the participant exchanged.
    case atExchange
    /// It joined later: it never had the old values.
    case joinedLater
  }

  /// Old values an observer shows: since when, what, and the model's reason.
  struct StaleValues {
    /// When it started showing them (possibly at an earlier exchange).
    let from: Int64
    /// What it shows.
    let believed: ParticipantMetadata
    /// Which SDK or policy lacks the update.
    let reason: String
  }

  /// The end of a stale span that came before the observer was told (or never was).
  struct SpanEnd {
    /// When it ended.
    let time: Int64
    /// What ended it.
    let end: Sighting.Staleness.End
  }

  /// How a watch ends: the sighting's verdict, when and by which event the observer was
  /// told, and why then.
  struct Outcome {
    let verdict: Sighting.Verdict
    var time: Int64? = nil
    var event: String? = nil
    var cause: Sighting.Cause? = nil
    /// The sequence number of the server event that told it (a `PUBLISH_STARTED` or `JOINED`).
    var serverEvent: Int? = nil

    /// Not told before the run ended (or the composition stopped).
    static let never = Outcome(verdict: .never)

    /// The participant exchanged again at `time` before the observer was told.
    static func superseded(at time: Int64) -> Outcome {
      Outcome(verdict: .superseded, time: time)
    }

    /// The end of a stale span still shown when the watch ends this way, with the run's
    /// clock at `now`.
    func spanEnd(now: Int64) -> SpanEnd {
      switch verdict {
      case .superseded: SpanEnd(time: time ?? now, end: .superseded)
      case .never: SpanEnd(time: now, end: .sessionEnded)
      case .atOnce, .later, .stoppedPublishing, .startedPublishing:
        SpanEnd(time: time ?? now, end: .learned)
      }
    }
  }

  /// One observer waiting to be told one exchange's values.
  struct Watch {
    /// The exchange's index among the drafts.
    let story: Int
    /// The observer's index among the exchange's observers.
    let slot: Int
    /// Events seen before the exchange: what happened after it has a larger ordinal.
    let start: Int
    /// Whether the participant was publishing when the watch began.
    let participantWasPublishing: Bool
    /// Whether the observer (a composition) laid the participant out when the watch began.
    let participantInView: Bool
    /// How the observer came to watch.
    let arrival: Arrival
    /// The old values it shows, if it does.
    var stale: StaleValues?
    /// When and why it stopped showing them before it was told.
    var hidden: SpanEnd?
  }

  /// A story being written: its sightings fill in as observers are told.
  struct Draft {
    let exchange: StageEvent
    let summary: TokenExchangeSummary
    let context: Sighting.Context
    let changesMetadata: Bool
    var strategy: [String] = []
    var observers: [Observer] = []
    /// The IDs in `observers`, so a client joining later is added once.
    var observerIDs: Set<String> = []
    var sightings: [Sighting?] = []
  }

  /// The stories whose step is still running, and the compositions that relaid out in it.
  struct OpenStep {
    var stories: [Int] = []
    var relaidOut: Set<String> = []
  }
}
