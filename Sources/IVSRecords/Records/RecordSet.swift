/// Everything read from a customer's record files, in any mix and order: the events of
/// every participant, what get-participant / list-participants said about them, the
/// session, the stage, and the issues met on the way.
public struct RecordSet: Sendable {
  /// The files read, as their names were given.
  public var files: [String] = []
  /// Every event read, in file order (duplicates included; the importer drops them).
  public var events: [RecordedEvent] = []
  /// Participants described by get-participant / list-participants / EventBridge, by ID.
  public var participants: [String: ParticipantRecord] = [:]
  /// The stage ARN and the file that named it first.
  public var stage: (arn: String, origin: String)?
  /// The session ID and the file that named it first.
  public var session: (id: String, origin: String)?
  /// The session's start (get-stage-session), milliseconds.
  public var sessionStart: Int64?
  /// The session's end (get-stage-session), milliseconds.
  public var sessionEnd: Int64?
  /// The file that gave the session's start and end.
  var sessionBoundsOrigin: String?
  /// Whether records of another stage or session, or outside the session's times, are
  /// kept (`--allow-other-sessions`) instead of refused.
  public var allowsOtherSessions = false
  /// Each ListParticipantEvents page read: its participant, oldest event and `nextToken`.
  var pages: [EventPage] = []
  /// Each list-participants output read.
  var listings: [ParticipantListing] = []
  /// The server-side composition a get-composition output described, if one was read.
  public var composition: RecordedComposition?
  /// What `stagemon fetch` said about the folder it wrote, when its manifest was read.
  public var manifest: RecordManifest?
  /// Events skipped or kept with a caveat.
  public var issues: [RecordIssue] = []
  /// EventBridge deliveries already read, by `id` (EventBridge may deliver twice).
  var eventBridgeIDs: Set<String> = []
  /// EventBridge deliveries dropped as repeats of an `id` already read.
  public var repeatedDeliveries = 0
  /// Whether records of another stage or session are collected in `blockers` (a folder read
  /// whole, `RecordFolder`) instead of thrown at the first.
  var collectsBlockers = false
  /// Records of another stage or session met while `collectsBlockers`, each worded.
  var blockers: [RecordError] = []
  /// The changes since the open checkpoint, if one is open (`RecordCheckpoint`).
  var journal: RecordJournal?
  /// EventBridge events timed by the envelope's `time` (whole seconds: the detail had no
  /// `event_time`), whose order within their second is therefore unknown.
  public var envelopeTimedEvents = 0

  /// An empty set.
  public init() {}

  /// Records the stage ARN; a different one from another file is an error naming both
  /// (a note with `--allow-other-sessions`).
  mutating func noteStage(_ arn: String, origin: String) throws(RecordError) {
    guard let known = stage else {
      stage = (arn, origin)
      return
    }
    guard known.arn != arn else { return }
    try mixed("stages", arn, known.arn, known.origin, origin: origin)
  }

  /// Records the session ID; a different one from another file is an error naming both
  /// (a note with `--allow-other-sessions`).
  mutating func noteSession(_ id: String, origin: String) throws(RecordError) {
    guard let known = session else {
      session = (id, origin)
      return
    }
    guard known.id != id else { return }
    try mixed("sessions", id, known.id, known.origin, origin: origin)
  }

  private mutating func mixed(
    _ what: String, _ here: String, _ known: String, _ knownOrigin: String, origin: String
  ) throws(RecordError) {
    let message = "records of two \(what) are mixed: \(here) here, \(known) in \(knownOrigin)"
    guard allowsOtherSessions else {
      let error = RecordError(
        file: origin, location: "",
        message: message + " (--allow-other-sessions keeps them together)")
      guard collectsBlockers else { throw error }
      blockers.append(error)
      return
    }
    issues.append(
      RecordIssue(
        origin: origin, message: message + "; kept (--allow-other-sessions)", isInvalid: false))
  }

  /// Merges what a record says about a participant into what is known.
  mutating func describe(_ record: ParticipantRecord) {
    journalParticipant(record.id)
    participants[record.id, default: ParticipantRecord(id: record.id)].merge(record)
  }
}

/// One ListParticipantEvents page as read: whose events, the oldest, and the `nextToken`
/// that asks for the page before it.
struct EventPage {
  let origin: String
  let participants: Set<String>
  let oldest: Int64
  let newest: Int64
  let nextToken: String?
}

/// What `stagemon fetch` wrote beside the records it fetched (`manifest.json`).
public struct RecordManifest: Sendable {
  /// `fetchedAt`.
  public let fetchedAt: String?
  /// `requestCount`.
  public let requestCount: Int64?
  /// Whether every request was answered (`complete`).
  public let complete: Bool
  /// What went wrong, as `fetch` said it.
  public let problems: [String]
  /// The manifest's file.
  public let origin: String
}

/// What get-participant, list-participants or EventBridge said about one participant.
public struct ParticipantRecord: Equatable, Sendable {
  /// `participantId`.
  public var id: String
  /// `userId` (empty strings are treated as absent).
  public var userId: String?
  /// `attributes` (get-participant only).
  public var attributes: [String: String]?
  /// `osName`, `browserName`, `sdkVersion` (get-participant only), for guessing the SDK.
  public var osName: String?
  /// See `osName`.
  public var browserName: String?
  /// See `osName`.
  public var sdkVersion: String?
  /// `firstJoinTime`, milliseconds.
  public var firstJoinTime: Int64?
  /// `state` (`CONNECTED`, `DISCONNECTED`) when fetched: an explanation reads it (a
  /// participant disconnected whose events end without a `LEFT` lacks its newest ones); a
  /// live import plans without it (the events carry it).
  public var state: String?

  /// Nothing known yet.
  public init(id: String) { self.id = id }

  /// The record as a plan is made from it: without `state`.
  var planned: ParticipantRecord {
    var copy = self
    copy.state = nil
    return copy
  }

  /// Fills what is unknown from `other`.
  mutating func merge(_ other: ParticipantRecord) {
    userId = userId ?? other.userId
    attributes = attributes ?? other.attributes
    osName = osName ?? other.osName
    browserName = browserName ?? other.browserName
    sdkVersion = sdkVersion ?? other.sdkVersion
    firstJoinTime = firstJoinTime ?? other.firstJoinTime
    state = state ?? other.state
  }
}
