import StageEngine

/// A claim `explain` made that the truth contradicts, stated as neither a range nor unknown.
public struct Violation: Sendable, Equatable, CustomStringConvertible {
  /// Which kind of claim was false.
  public enum Kind: String, Sendable, CaseIterable {
    /// An observer reported stale for a span in which it showed the true values.
    case staleWhenCurrent
    /// An observer that showed stale values reported as seeing the change with none.
    case staleMissed
    /// A stale span reported much shorter or longer than it was.
    case staleLength
    /// "saw the new values at T" when the observer did not show them then.
    case sawWrongly
    /// An observer reported as joining after the exchange that was connected at it.
    case lateJoiner
    /// A range whose both ends are false, or an unknown whose stale bounds miss the truth.
    case rangeFalse
    /// The summary's stale totals far from the truth with nothing said to be unknown.
    case totals
    /// An exchange that changed what observers show, left out with nothing said.
    case exchangeMissing
    /// An exchange reported that did not happen.
    case exchangeInvented
    /// "For the customer" names an observer under a cause the truth does not bear out (its
    /// platform, its SDK below the release, or that it showed old values at all), or states
    /// that nobody showed an exchange's old values where the truth or a verdict of that
    /// exchange (unknown, a range) does not bear it out.
    case customerAnswer
    /// An observer's stale time over the whole session (`staleTimeByObserver`: its spans,
    /// back-to-back exchanges joined, and their total) false of the truth.
    case observerStaleTime
    /// A participant labelled with a `user_id` or `role`/`name` it did not have then.
    case label
    /// "saw it at T" with milliseconds where T is not when the server event that told the
    /// observer (the participant's publish, a join) happened.
    case toldAt
    /// A divergence between records and model that is not real: any on the whole folder,
    /// or an event "missing in the records" that never happened.
    case divergence
    /// A false claim about the server-side composition: whether it showed an exchange's
    /// replaced values and for how long, or a composition the session did not run.
    case composition
  }

  /// Which kind of claim.
  public let kind: Kind
  /// Whom and which exchange it is about (`observer participant time`): a minimised folder
  /// must show the same violation, not just one of the same kind.
  public let subject: String
  /// The claim, as explain made it.
  public let claim: String
  /// What is true.
  public let truth: String

  /// Whose records the claim rests on, for the four claims a page left out can make false
  /// with no other record contradicting them (`TracelessLoss`); nil for every other claim.
  public var basis: Basis? = nil

  /// What a label, a missing exchange, a missing sighting, a late joiner or a "saw it at"
  /// rests on.
  public enum Basis: Sendable, Equatable {
    /// `participant` labelled `claimed` at `time`.
    case label(participant: String, claimed: String, at: Int64)
    /// No exchange of `participant` at `time` in the report.
    case exchange(participant: String, at: Int64)
    /// No sighting by `observer` of `exchanger`'s exchange, whose effects last over `window`.
    case sighting(observer: String, exchanger: String, window: Range<Int64>)
    /// `observer` said to have joined after the exchange in second `at`.
    case stay(observer: String, at: Int64)
    /// `observer` told `exchanger`'s `values`, set by its exchange in second `since`, at
    /// millisecond `at`.
    case told(
      observer: String, exchanger: String, values: ParticipantMetadata, since: Int64, at: Int64)
  }

  /// `kind: claim — truth: …`.
  public var description: String { "\(kind.rawValue): \(claim) — truth: \(truth)" }
}
