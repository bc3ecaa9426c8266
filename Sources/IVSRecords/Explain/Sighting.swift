import StageEngine

extension ExchangeStory {
  /// How one observer (another client, or a composition) learned the `user_id` and
  /// attributes an exchange set, followed from the exchange to the end of the run: at once,
  /// later (after showing stale values, or when the participant published), never, or not
  /// before a later exchange replaced them. A support engineer reads "carol showed seat=2 for
  /// 1m, then saw seat=1 when guest republished" instead of a per-step snapshot.
  public struct Sighting: Sendable {
    /// What the observer saw of the exchange.
    public enum Verdict: String, Sendable {
      /// Told at the exchange (`participantMetadataUpdated`, or a `live` composition).
      case atOnce
      /// Told later: when the participant started publishing, republished or reconnected,
      /// or when the observer itself joined (again, or for the first time after the exchange).
      case later
      /// Not told before the run ended (or the composition stopped).
      case never
      /// The participant exchanged new values again before this observer was told.
      case superseded
      /// An exchange that changed no `user_id`/attributes: saw the participant stop publishing.
      case stoppedPublishing
      /// An exchange that changed no `user_id`/attributes: saw the participant start publishing.
      case startedPublishing
    }

    /// Why a `later` observer was told when it was.
    public enum Cause: String, Sendable {
      /// The participant was not publishing at the exchange and published afterwards.
      case startedPublishing
      /// The participant stopped publishing and published again.
      case republished
      /// The participant left and joined again.
      case reconnected
      /// The participant's SDK reconnected on its own after a network drop.
      case networkDrop
      /// The observer itself disconnected and joined again.
      case observerRejoined
      /// The observer joined after the exchange, while the participant was publishing: it
      /// never had the old values.
      case joinedAfterExchange
      /// The composition's update policy changed to `live`.
      case policyChanged
      /// The participant was shown to the observer again for another reason.
      case shownAgain
      /// `atOnce` without being told: the observer still showed the values the exchange set,
      /// from before the participant's previous exchange, which it was never told (an
      /// exchange that puts back the values before it; findings 20208, 20281).
      case alreadyShown
    }

    /// A span in which the observer showed values the exchange had replaced.
    public struct Staleness: Sendable {
      /// What ended the span.
      public enum End: String, Sendable {
        /// The observer was told the new values.
        case learned
        /// The participant stopped publishing: the observer no longer showed it.
        case participantStopped
        /// The observer disconnected.
        case observerLeft
        /// The composition stopped.
        case compositionStopped
        /// The participant exchanged again (the next exchange's story goes on).
        case superseded
        /// The run ended with the stale values still shown.
        case sessionEnded
      }

      /// When the observer started showing stale values (possibly at an earlier exchange).
      public let from: Int64
      /// When this exchange's values became the true ones (`from`, or the exchange when the
      /// span began under an earlier one): the span is measured from here, so values that
      /// were correct at the time are never called stale.
      public let since: Int64
      /// When it stopped.
      public let until: Int64
      /// Why it stopped.
      public let end: End
      /// What it showed meanwhile.
      public let believed: ParticipantMetadata
      /// The model's reason (which SDK or policy lacks the update).
      public let reason: String

      /// How long it was stale against this exchange's values, in seconds (never negative,
      /// never overflowing).
      public var seconds: UInt64 {
        until >= since ? VirtualDuration.distance(from: since, to: until) : 0
      }

      /// How long the observer had shown old values when the span ended, in seconds: from
      /// `from`, so a span that began under an earlier exchange counts from that exchange
      /// (issue 29 item 5). Not for totals: the earlier exchange's story counts its part.
      public var totalSeconds: UInt64 {
        until >= from ? VirtualDuration.distance(from: from, to: until) : 0
      }

      /// Whether the span began under an earlier exchange and went on under this one.
      public var beganEarlier: Bool { from < since }
    }

    /// The stale seconds an unsettled verdict allows: what the records cannot rule out.
    public struct StaleBounds: Sendable, Equatable {
      /// At least this long.
      public let atLeast: UInt64
      /// At most this long; nil: up to when the exchange's values were replaced or the
      /// session ended, which the records may not reach.
      public let atMost: UInt64?

      /// Bounds that hold both `self` and `other`.
      func widened(by other: StaleBounds) -> StaleBounds {
        let most = atMost.flatMap { mine in other.atMost.map { max(mine, $0) } }
        return StaleBounds(atLeast: min(atLeast, other.atLeast), atMost: most)
      }
    }

    /// The observer's ID (a participant, or a composition's ID).
    public let observer: String
    /// Its SDK profile as the report states it, or `composition`.
    public internal(set) var profile: String
    /// Whether the observer is a server-side composition.
    public let isComposition: Bool
    /// What it saw.
    public let verdict: Verdict
    /// When it was told (or saw the publish change); for `superseded`, when the next
    /// exchange came.
    public let time: Int64?
    /// The platform's event that told it, when one did.
    public let event: String?
    /// Why it was told when it was (`later`).
    public let cause: Cause?
    /// When it showed stale values, if it did.
    public let stale: Staleness?
    /// Set when the verdict depends on an SDK version nobody stated: the observer's SDK,
    /// whose `threshold` says from which release it would have been updated at once.
    public internal(set) var dependsOn: ParticipantSDK?
    /// Set when the records that would settle the verdict are missing (a page of the
    /// observer's events before the exchange): what is missing and how to fetch it. The
    /// verdict is then unknown; the model's reading of what the records hold is kept beside.
    public internal(set) var unsettledBy: String?
    /// Whether the participant published when the observer began to watch (the exchange, or
    /// the observer's join after it): one that did not is held silently, and an observer
    /// that never saw it publish never saw the values (`visibility.not-publishing.held`).
    var participantWasPublishing = true
    /// The model's sequence number of the server event that told it (`PUBLISH_STARTED` of the
    /// participant, or `JOINED` of the observer), for `toldAt`.
    var serverEvent: Int?
    /// When the recorded server event that told it happened (Unix milliseconds), when the
    /// records hold it at a finer grain than the model's seconds: "saw it at" is then the
    /// time of the publish or join that told it, not the second before (issue 29 item 5).
    public internal(set) var toldAt: Int64?
    /// The recorded server event that told it is timed to the whole second only (EventBridge):
    /// it was told within the second `time` names, where in it is unknown (finding 20746).
    public internal(set) var toldInWholeSecond = false
    /// With `unsettledBy`: how long the observer may have shown this exchange's replaced
    /// values, as far as the records allow (the text and `--json` state it).
    public internal(set) var staleBounds: StaleBounds?
    /// What its text needs to know about its exchange.
    let context: Context
  }
}
