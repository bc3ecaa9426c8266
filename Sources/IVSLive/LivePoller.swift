import AWSKit
import Foundation
import JSONKit

/// Follows a live session on a thread of its own: reads what `PollPlan` says, keeps the
/// latest answer of each (the same files `fetch` writes) and counts versions, so the monitor
/// rebuilds its view only when something changed.
public final class LivePoller: @unchecked Sendable {
  /// What has been read so far.
  public struct Snapshot: Sendable {
    /// Increases with every change.
    public let version: Int
    /// The files, as `fetch` would write them.
    public let files: [SessionFetcher.File]
    /// When the newest answer arrived, in seconds since 1970.
    public let updatedAt: Double
  }

  private let client: IVSRealTimeClient
  private let stage: StageReference
  /// The session followed.
  public let sessionId: String
  private let lock = NSLock()
  private var files: [String: JSON] = [:]
  private var order: [String] = []
  private var version = 0
  private var updatedAt = 0.0
  private var stopped = false
  private var problem: String?
  private var plan = PollPlan()
  private var name: String?

  /// A poller of `sessionId` through `client`.
  public init(client: IVSRealTimeClient, stage: StageReference, sessionId: String) {
    self.client = client
    self.stage = stage
    self.sessionId = sessionId
  }

  /// The files read so far.
  public var snapshot: Snapshot {
    locked {
      Snapshot(
        version: version,
        files: order.compactMap { name in files[name].map { .init(name: name, json: $0) } },
        updatedAt: updatedAt)
    }
  }

  /// The stage's name as GetStage gave it (nil before it answered, or when it has none).
  public var stageName: String? { locked { name } }

  /// Whether it still polls (a refusal that retrying cannot fix stops it).
  public var isRunning: Bool { locked { !stopped } }

  /// Answers that said "throttled" so far.
  public var throttleCount: Int { client.throttleCount }

  /// The last request's failure, nil once one succeeds again.
  public var lastProblem: String? { locked { problem } }

  /// Starts polling on a new thread.
  public func start() {
    let thread = Thread { [self] in self.run() }
    thread.start()
  }

  /// Stops after the request in flight.
  public func stop() { locked { stopped = true } }

  private func run() {
    store(FetchManifest.fileName, manifest)
    do {
      let answer = try client.getStage(arn: stage.arn)
      locked { name = answer["stage"]?["name"]?.stringValue }
    } catch {
      note(error, "GetStage", participant: nil)
    }
    do {
      store(
        "get-stage-session.json",
        try client.getStageSession(stageArn: stage.arn, sessionId: sessionId))
    } catch {
      note(error, "GetStageSession", participant: nil)
    }
    while !locked({ stopped }) {
      let step = locked { plan.next() }
      do {
        try perform(step)
        locked { problem = nil }
      } catch {
        note(error, step.operation, participant: step.participantId)
      }
    }
  }

  private func perform(_ step: PollPlan.Step) throws(AWSError) {
    switch step {
    case .listParticipants:
      let all = try client.listParticipants(stageArn: stage.arn, sessionId: sessionId)
      store("list-participants.json", .object([("participants", .array(all))]))
      let summaries = all.compactMap { item -> PollPlan.Summary? in
        guard let id = item["participantId"]?.stringValue, StageReference.isSafeID(id) else {
          return nil
        }
        return PollPlan.Summary(
          id: id, connected: item["state"]?.stringValue == "CONNECTED",
          published: item["published"]?.boolValue ?? false)
      }
      locked { plan.listed(summaries) }
    case .participant(let id, let details):
      if details {
        store(
          "get-participant.\(id).json",
          try client.getParticipant(stageArn: stage.arn, sessionId: sessionId, participantId: id))
      }
      let all = try client.listParticipantEvents(
        stageArn: stage.arn, sessionId: sessionId, participantId: id)
      store("\(id).events.json", .object([("events", .array(EventOrder.newestFirst(all)))]))
    }
  }

  /// The files' stage and session, so the import names the real stage (records carry no
  /// ARN); `complete` because a poll's gaps are filled by the next one.
  private var manifest: JSON {
    FetchManifest(
      stageArn: stage.arn, sessionId: sessionId, fetchedAt: Int64(Date().timeIntervalSince1970),
      requestCount: 0, complete: true, problems: []
    ).json
  }

  private func store(_ name: String, _ json: JSON) {
    locked {
      updatedAt = Date().timeIntervalSince1970
      guard files[name] != json else { return }
      if files[name] == nil { order.append(name) }
      files[name] = json
      version += 1
    }
  }

  private func note(_ error: AWSError, _ operation: String, participant: String?) {
    let failure = LiveError(
      operation: operation, stageArn: stage.arn, sessionId: sessionId, participantId: participant,
      error: error, credentials: client.credentialSummary)
    locked {
      problem = failure.message.split(separator: "\n").first.map(String.init)
      if !RetryPolicy.isRetryable(error) && error.code != .resourceNotFound { stopped = true }
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

extension PollPlan.Step {
  /// The operation that fails first if this step fails.
  var operation: String {
    switch self {
    case .listParticipants: return "ListParticipants"
    case .participant(_, let details): return details ? "GetParticipant" : "ListParticipantEvents"
    }
  }

  /// The participant read, if one.
  var participantId: String? {
    if case .participant(let id, _) = self { return id }
    return nil
  }
}
