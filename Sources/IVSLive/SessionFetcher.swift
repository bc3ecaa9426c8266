import AWSKit
import InputKit
import JSONKit

/// Reads one stage session the way a support engineer would with the AWS CLI — GetStage,
/// GetStageSession (ListStageSessions when no session is active), every page of
/// ListParticipants, GetParticipant and every page of ListParticipantEvents for each
/// participant — and returns the files the CLI would have written.
public final class SessionFetcher {
  /// How far a fetch has got, for a progress line.
  public struct Progress: Sendable, Equatable {
    /// Participants read so far.
    public var participantsDone: Int
    /// Participants in the session.
    public var participantsTotal: Int
    /// Requests sent so far.
    public var requests: Int
    /// Answers that said "throttled".
    public var throttled: Int
  }

  /// A file to write: its name in the folder and its JSON.
  public struct File: Sendable, Equatable {
    /// Where it looks, as the "no credentials" message lists it.
    public let name: String
    /// The JSON to write.
    public let json: JSON
  }

  /// What a fetch produced.
  public struct Result: Sendable {
    /// The session's ID (`st-…`).
    public let sessionId: String
    /// The files, in the order written.
    public let files: [File]
    /// Participants in the session.
    public let participantCount: Int
    /// What is missing, one line each.
    public let problems: [String]
  }

  private let client: IVSRealTimeClient
  private let stage: StageReference
  private let onProgress: (Progress) -> Void

  /// A fetcher of `stage` through `client`; `onProgress` hears after each participant.
  public init(
    client: IVSRealTimeClient, stage: StageReference, onProgress: @escaping (Progress) -> Void
  ) {
    self.client = client
    self.stage = stage
    self.onProgress = onProgress
  }

  /// Fetches session `sessionId`, or the active one, or else the one that started last.
  public func fetch(sessionId requested: String?) throws(LiveError) -> Result {
    let sessionId = try chooseSession(requested)
    var files: [File] = []
    let session = try step("GetStageSession", sessionId) { () throws(AWSError) -> JSON in
      try client.getStageSession(stageArn: stage.arn, sessionId: sessionId)
    }
    files.append(File(name: "get-stage-session.json", json: session))
    let participants = try listParticipants(sessionId)
    guard !participants.isEmpty else {
      throw .noParticipants(stageArn: stage.arn, sessionId: sessionId)
    }
    files.append(
      File(name: "list-participants.json", json: .object([("participants", .array(participants))])))
    var problems: [String] = []
    let ids = participants.compactMap { $0["participantId"]?.stringValue }
    for (index, id) in ids.enumerated() {
      guard StageReference.isSafeID(id) else {
        problems.append("participant ID \(Excerpt.quoted(id)) cannot name a file; skipped")
        continue
      }
      do {
        files += try participantFiles(id, sessionId)
      } catch {
        guard error.isPerParticipant else { throw error }
        problems.append("participant \(id): \(error.message)")
      }
      onProgress(progress(done: index + 1, total: ids.count))
    }
    return Result(
      sessionId: sessionId, files: files, participantCount: ids.count, problems: problems)
  }

  private func progress(done: Int, total: Int) -> Progress {
    Progress(
      participantsDone: done, participantsTotal: total, requests: client.requestCount,
      throttled: client.throttleCount)
  }

  /// `requested`, else the stage's active session, else the one that started last. A session
  /// ID the server sends is used only when it has the API's shape (`st-` and 13 letters or
  /// digits): it names the fetch's folder.
  public func chooseSession(_ requested: String?) throws(LiveError) -> String {
    if let requested { return requested }
    let stageAnswer = try step("GetStage", nil) { () throws(AWSError) -> JSON in
      try client.getStage(arn: stage.arn)
    }
    if let active = stageAnswer["stage"]?["activeSessionId"]?.stringValue, !active.isEmpty {
      return try checked(active, from: "GetStage", member: "stage.activeSessionId")
    }
    var newest: (id: String, start: Double)?
    let sessions = try step("ListStageSessions", nil) { () throws(AWSError) -> [JSON] in
      try client.listStageSessions(stageArn: stage.arn)
    }
    for session in sessions {
      guard let id = session["sessionId"]?.stringValue,
        let start = session["startTime"]?.stringValue.flatMap(WireTime.seconds)
      else { continue }
      if newest.map({ start > $0.start }) ?? true { newest = (id, start) }
    }
    guard let newest else { throw .noSessions(stageArn: stage.arn) }
    return try checked(newest.id, from: "ListStageSessions", member: "stageSessions[].sessionId")
  }

  /// `id` when it is a session ID; otherwise the answer is refused, naming where it came from.
  private func checked(_ id: String, from operation: String, member: String) throws(LiveError)
    -> String
  {
    guard IVSIdentifier.sessionID.admits(id) else {
      throw LiveError(
        operation, of: client, stageArn: stage.arn,
        error: .decoding(
          LocatedError(
            file: "the \(operation) answer", location: member,
            message: "\(Excerpt.quoted(id)) is not \(IVSIdentifier.sessionID.shape)")))
    }
    return id
  }

  private func listParticipants(_ sessionId: String) throws(LiveError) -> [JSON] {
    try step("ListParticipants", sessionId) { () throws(AWSError) -> [JSON] in
      try client.listParticipants(stageArn: stage.arn, sessionId: sessionId)
    }
  }

  private func participantFiles(_ id: String, _ sessionId: String) throws(LiveError) -> [File] {
    let participant = try step("GetParticipant", sessionId, participant: id) {
      () throws(AWSError) -> JSON in
      try client.getParticipant(stageArn: stage.arn, sessionId: sessionId, participantId: id)
    }
    let events = try events(of: id, sessionId)
    return [
      File(name: "get-participant.\(id).json", json: participant),
      File(name: "\(id).events.json", json: .object([("events", .array(events))])),
    ]
  }

  /// Every page of a participant's events, newest first (as IVS lists them).
  public func events(of id: String, _ sessionId: String) throws(LiveError) -> [JSON] {
    let all = try step("ListParticipantEvents", sessionId, participant: id) {
      () throws(AWSError) -> [JSON] in
      try client.listParticipantEvents(stageArn: stage.arn, sessionId: sessionId, participantId: id)
    }
    return EventOrder.newestFirst(all)
  }

  private func step<Answer>(
    _ operation: String, _ sessionId: String?, participant: String? = nil,
    _ body: () throws(AWSError) -> Answer
  ) throws(LiveError) -> Answer {
    try LiveError.calling(
      operation, on: client, stageArn: stage.arn, sessionId: sessionId,
      participantId: participant, body)
  }
}

/// Orders events newest first by `eventTime`, keeping IVS's order among equal times.
public enum EventOrder {
  /// `events` newest first; events without a readable time keep their place at the end.
  public static func newestFirst(_ events: [JSON]) -> [JSON] {
    let timed = events.enumerated().map { index, event in
      (index, event["eventTime"]?.stringValue.flatMap(WireTime.seconds) ?? -Double.infinity, event)
    }
    return timed.sorted { $0.1 == $1.1 ? $0.0 < $1.0 : $0.1 > $1.1 }.map(\.2)
  }
}
