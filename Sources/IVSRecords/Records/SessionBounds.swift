import InputKit
import JSONKit

/// What the records say about their own completeness and extent: the ListParticipantEvents
/// pages whose `nextToken` no input answers, the events outside the session's start and
/// end (a file of another session), and `stagemon fetch`'s manifest. A report built on
/// part of a session says so instead of merging it silently.
extension RecordSet {
  /// How far outside get-stage-session's start and end an event may lie (clocks differ).
  static let boundsSlack: Int64 = 60_000

  /// Notes a page of events (`events[range]`), read at `place`, with its `nextToken`.
  mutating func notePage(events range: Range<Int>, nextToken: String?, at place: RecordPlace) {
    guard !range.isEmpty else { return }
    var token = nextToken.flatMap { $0.isEmpty ? nil : $0 }
    if let over = OversizeField.check(token, .nextToken, field: "nextToken") {
      // Only whether a page has a nextToken matters (`unansweredPages`): its excerpt stands in.
      token = over.excerpt
      issues.append(
        RecordIssue(
          origin: place.description,
          message: over.note(skipping: "token (the page still counts as having one)"),
          isInvalid: true))
    }
    // `aws logs filter-log-events` output: EventBridge events, whose `nextToken` asks for
    // more log events, not for a participant's older page.
    if range.allSatisfy({ events[$0].viaEventBridge }) {
      if token != nil {
        issues.append(
          RecordIssue(
            origin: place.description,
            message: "this log output has a nextToken: more logged events exist (rerun"
              + " aws logs filter-log-events with --next-token, or without --max-items)",
            isInvalid: false))
      }
      return
    }
    var participants: Set<String> = []
    var oldest = Int64.max
    var newest = Int64.min
    for index in range {
      participants.insert(events[index].participantId)
      oldest = min(oldest, events[index].time)
      newest = max(newest, events[index].time)
    }
    pages.append(
      EventPage(
        origin: place.description, participants: participants, oldest: oldest, newest: newest,
        nextToken: token))
  }

  /// A page whose `nextToken` asks for older events of a participant that no input holds.
  public struct UnansweredPage: Sendable {
    /// The page's file (and document).
    public let origin: String
    /// Whose events are missing.
    public let participant: String
    /// Events before this moment (milliseconds) are missing.
    public let before: Int64
  }

  /// The pages whose next page is not among the inputs: the next page holds older events,
  /// so a page is answered when another ListParticipantEvents page has an event of its
  /// participant older than the page's oldest (EventBridge's do not count: it has no joins,
  /// subscriptions or exchanges).
  public var unansweredPages: [UnansweredPage] {
    let tokened = pages.filter { $0.nextToken != nil }
    guard !tokened.isEmpty else { return [] }
    var oldest: [String: Int64] = [:]
    for page in pages {
      for id in page.participants { oldest[id] = min(oldest[id] ?? .max, page.oldest) }
    }
    return tokened.flatMap { page in
      page.participants.sorted().compactMap { id in
        (oldest[id] ?? .max) < page.oldest
          ? nil : UnansweredPage(origin: page.origin, participant: id, before: page.oldest)
      }
    }
  }

  /// Refuses events outside get-stage-session's start and end (give or take a minute),
  /// naming the file: they belong to another session. With `allowsOtherSessions` they are
  /// kept and noted.
  public mutating func checkSessionBounds() throws(RecordError) {
    guard sessionStart != nil || sessionEnd != nil else { return }
    let start = (sessionStart ?? .min).subtractingReportingOverflow(Self.boundsSlack)
    let end = (sessionEnd ?? .max).addingReportingOverflow(Self.boundsSlack)
    let low = start.overflow ? Int64.min : start.partialValue
    let high = end.overflow ? Int64.max : end.partialValue
    var outside: [String: (count: Int, first: Int64, last: Int64)] = [:]
    var order: [String] = []
    for index in events.indices where events[index].time < low || events[index].time > high {
      let file = events[index].place.file
      if outside[file] == nil { order.append(file) }
      let known = outside[file] ?? (0, .max, .min)
      outside[file] = (
        known.count + 1, min(known.first, events[index].time), max(known.last, events[index].time)
      )
    }
    for file in order {
      guard let found = outside[file] else { continue }
      let message =
        "\(found.count) event(s) from \(RecordTime.iso8601(milliseconds: found.first)) to "
        + "\(RecordTime.iso8601(milliseconds: found.last)) lie outside the session "
        + "\(session?.id ?? "") (\(boundsText), from \(sessionBoundsOrigin ?? "get-stage-session"))"
      guard allowsOtherSessions else {
        let error = RecordError(
          file: file, location: "",
          message: message + ": are they from another session? Leave the file out, or keep "
            + "it with --allow-other-sessions")
        guard collectsBlockers else { throw error }
        blockers.append(error)
        continue
      }
      issues.append(
        RecordIssue(
          origin: file, message: message + "; kept (--allow-other-sessions)", isInvalid: false))
    }
  }

  /// `2026-03-14T18:00:00.104Z – 2026-03-14T18:12:10Z`.
  private var boundsText: String {
    let start = sessionStart.map { RecordTime.iso8601(milliseconds: $0) } ?? "?"
    let end = sessionEnd.map { RecordTime.iso8601(milliseconds: $0) } ?? "still running"
    return "\(start) – \(end)"
  }

  /// `{"kind": "stagemon-fetch-manifest", "version": 1, "stageArn", "sessionId", "fetchedAt",
  /// "requestCount", "complete", "problems"}`, as `stagemon fetch` writes it beside the
  /// records: its stage and session bound the others; `complete: false` is said in the report.
  mutating func readManifest(_ json: JSON, at place: RecordPlace) throws(RecordError) {
    guard json["version"]?.integerValue == 1 else {
      throw place.member("version").error(
        "a stagemon fetch manifest of version \(json["version"].map { Excerpt.of(JSONWriter.compact($0)) } ?? "none"); "
          + "this stagemon reads version 1")
    }
    if let over = OversizeField.check(json["stageArn"]?.stringValue, .stageArn, field: "stageArn")
      ?? OversizeField.check(json["sessionId"]?.stringValue, .sessionId, field: "sessionId")
    {
      return skip(over, "manifest", at: place)
    }
    if let arn = json["stageArn"]?.stringValue { try noteStage(arn, origin: place.description) }
    if let id = json["sessionId"]?.stringValue { try noteSession(id, origin: place.description) }
    manifest = RecordManifest(
      fetchedAt: json["fetchedAt"]?.stringValue, requestCount: json["requestCount"]?.integerValue,
      complete: json["complete"]?.boolValue ?? false,
      problems: (json["problems"]?.arrayValue ?? []).compactMap(\.stringValue),
      origin: place.description)
  }
}
