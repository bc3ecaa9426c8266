import IVSRecords

/// What the header says of a live session (`attach`): the real stage's name, the session
/// and how fresh the data is, so whoever watches knows at a glance which stage this is and
/// whether it is current. Text here comes from the API: the command makes it terminal-safe.
public struct LiveHeader: Sendable, Equatable {
  /// The stage's name from GetStage, when it has one.
  public var stageName: String?
  /// The session followed (`st-…`).
  public var sessionId: String
  /// Seconds since the newest answer (nil before the first).
  public var dataAge: Int?
  /// Requests a second the poller may spend.
  public var rate: Double
  /// Answers that said "throttled" so far.
  public var throttled: Int
  /// The poller's last request failure, nil once one succeeds again (the status line says it).
  public var problem: String?
  /// Seconds within which a join on the stage is on screen at this rate (`PollPlan.joinDelay`).
  public var joinWithin: Double?
  /// How many participants' events were read, of how many listed, and the seconds until all
  /// are at this rate; nil before the first list.
  public var progress: Progress?
  /// The viewers' SDK mix estimated from a random sample (`ViewerSDKMix.text`), when the
  /// stage has viewers.
  public var viewerSDKs: String?
  /// Seconds until answers that could not follow on are shown by a re-import (its pace
  /// bounds the work a big session's re-imports cost); nil when none wait.
  public var waitingFor: Double?
  /// `--events-queue`: what the feed of pushed events has read ("events queue: 12 kept").
  public var pushed: String?

  /// How far the poller has come through the participants.
  public struct Progress: Sendable, Equatable {
    /// Participants whose events were read at least once.
    public var read: Int
    /// Participants the last list showed.
    public var listed: Int
    /// Seconds until every one's events are read, at the rate.
    public var secondsLeft: Double

    /// Creates the progress.
    public init(read: Int, listed: Int, secondsLeft: Double) {
      self.read = read
      self.listed = listed
      self.secondsLeft = secondsLeft
    }

    /// "events for 143 of 1,001 participants; full picture in ~14 min at 1 req/s", or
    /// "events for all 12 participants" once each was read.
    public func text(rate: Double) -> String {
      guard read < listed else { return "events for all \(Wording.grouped(listed)) participants" }
      let minutes = Int((secondsLeft / 60).rounded(.up))
      let left = secondsLeft < 60 ? "~\(Int(secondsLeft.rounded(.up))) s" : "~\(minutes) min"
      return "events for \(Wording.grouped(read)) of \(Wording.grouped(listed)) participants; "
        + "full picture in \(left) at \(Wording.rate(rate))"
    }
  }

  /// Creates the header's facts.
  public init(
    stageName: String?, sessionId: String, dataAge: Int?, rate: Double, throttled: Int,
    problem: String? = nil, joinWithin: Double? = nil, progress: Progress? = nil
  ) {
    self.joinWithin = joinWithin
    self.progress = progress
    self.stageName = stageName
    self.sessionId = sessionId
    self.dataAge = dataAge
    self.rate = rate
    self.throttled = throttled
    self.problem = problem
  }

  /// How the status line starts while it shows the poller's state, not a key's answer.
  public static let statusPrefix = "read-only"

  /// "read-only: attach watches st-… and never changes it", and the poller's problem if any.
  public var statusText: String {
    let problem = problem.map { " · \($0)" } ?? ""
    return "\(Self.statusPrefix): attach watches \(sessionId) and never changes it\(problem)"
  }

  /// "live st-… · data 2 s old · 1.0 req/s · joins on screen within 13 s · throttled 3× ·
  /// events for 143 of 1,001 participants; full picture in ~14 min at 1 req/s" (the join
  /// delay and progress once known, the throttling once it happened; commas and "x" in ASCII).
  public func text(ascii: Bool) -> String {
    let age = dataAge.map { "data \($0) s old" } ?? "no data yet"
    var parts = ["live \(sessionId)", age, Wording.rate(rate)]
    if let joinWithin { parts.append("joins on screen within \(Int(joinWithin.rounded(.up))) s") }
    if throttled > 0 { parts.append("throttled \(throttled)\(ascii ? "x" : "×")") }
    if let progress { parts.append(progress.text(rate: rate)) }
    if let viewerSDKs { parts.append(viewerSDKs) }
    if let pushed { parts.append(pushed) }
    if let waitingFor {
      parts.append("newer records shown in ~\(Int(waitingFor.rounded(.up))) s (re-import)")
    }
    return parts.joined(separator: ascii ? ", " : " · ")
  }
}
