import AWSKit
import Foundation
import JSONKit
import Synchronization

/// Follows a live session on a thread of its own: reads what `PollPlan` says, keeps the
/// latest answer of each (the same files `fetch` writes) and counts versions, so the monitor
/// takes in only what changed, and only when something did.
public final class LivePoller: Sendable {
  /// What changed since a version the reader had.
  public struct Snapshot: Sendable {
    /// Increases with every change.
    public let version: Int
    /// The files that changed after the version asked about, in the order they first came,
    /// as `fetch` would write them.
    public let files: [SessionFetcher.File]
    /// When the newest answer arrived, in seconds since 1970.
    public let updatedAt: Double
  }

  /// One file kept, and the version that last changed it.
  private struct Kept {
    var json: JSON
    var changed: Int
  }

  private struct State {
    var files: [String: Kept] = [:]
    var order: [String] = []
    var version = 0
    var updatedAt = 0.0
    var stopped = false
    var problem: String?
    var plan = PollPlan()
    var name: String?
  }

  /// The name the participant list is kept under, as `fetch` writes it.
  public static let listFile = "list-participants.json"

  private let client: IVSRealTimeClient
  private let stage: StageReference
  /// The session followed.
  public let sessionId: String
  private let state = Mutex(State())

  /// A poller of `sessionId` through `client`.
  public init(client: IVSRealTimeClient, stage: StageReference, sessionId: String) {
    self.client = client
    self.stage = stage
    self.sessionId = sessionId
  }

  /// The version of what has been read: it moves with every change.
  public var version: Int { state.withLock { $0.version } }

  /// The files that changed after `version` (every file after 0); nil, building nothing, when
  /// nothing did.
  public func snapshot(after version: Int) -> Snapshot? {
    state.withLock { state in
      guard state.version != version else { return nil }
      return Snapshot(
        version: state.version,
        files: state.order.compactMap { name in
          state.files[name].flatMap {
            $0.changed > version ? .init(name: name, json: $0.json) : nil
          }
        },
        updatedAt: state.updatedAt)
    }
  }

  /// How far the plan has come: participants whose events were read, of those listed, and
  /// the requests until all are read.
  public var progress: (read: Int, listed: Int, requestsLeft: Int) {
    state.withLock { ($0.plan.progress.read, $0.plan.progress.listed, $0.plan.requestsToReadAll) }
  }

  /// The viewers read out of the plan's random order, and how many it was drawn from
  /// (`PollPlan.viewerSample`).
  public var viewerSample: (read: [String], viewers: Int) {
    state.withLock { $0.plan.viewerSample }
  }

  /// Pages the last participant list took (what `PollPlan.joinDelay` counts).
  public var listPages: Int { state.withLock { $0.plan.listPages } }

  /// When the newest answer arrived, in seconds since 1970 (0 before the first).
  public var updatedAt: Double { state.withLock { $0.updatedAt } }

  /// The stage's name as GetStage gave it (nil before it answered, or when it has none).
  public var stageName: String? { state.withLock { $0.name } }

  /// Whether it still polls (a refusal that retrying cannot fix stops it).
  public var isRunning: Bool { state.withLock { !$0.stopped } }

  /// Answers that said "throttled" so far.
  public var throttleCount: Int { client.throttleCount }

  /// The last request's failure, nil once one succeeds again.
  public var lastProblem: String? { state.withLock { $0.problem } }

  /// Requests sent so far: a listing of many pages moves it while nothing is stored yet.
  public var requestCount: Int { client.requestCount }

  /// Starts polling on a new thread.
  public func start() {
    let thread = Thread { [self] in self.run() }
    thread.start()
  }

  /// Stops after the request in flight.
  public func stop() { state.withLock { $0.stopped = true } }

  private func run() {
    store(FetchManifest.fileName, manifest)
    do {
      let answer = try client.getStage(arn: stage.arn)
      state.withLock { $0.name = answer["stage"]?["name"]?.stringValue }
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
    while !state.withLock({ $0.stopped }) {
      let step = state.withLock { $0.plan.next() }
      do {
        try perform(step)
        state.withLock { $0.problem = nil }
      } catch {
        note(error, step.operation, participant: step.participantId)
      }
    }
  }

  private func perform(_ step: PollPlan.Step) throws(AWSError) {
    switch step {
    case .listParticipants:
      let all = try client.listParticipants(stageArn: stage.arn, sessionId: sessionId)
      store(Self.listFile, .object([("participants", .array(all))]))
      let summaries = all.compactMap { item -> PollPlan.Summary? in
        guard let id = item["participantId"]?.stringValue, StageReference.isSafeID(id) else {
          return nil
        }
        return PollPlan.Summary(
          id: id, connected: item["state"]?.stringValue == "CONNECTED",
          published: item["published"]?.boolValue ?? false)
      }
      let pages = max(1, (all.count + IVSOperation.pageSize - 1) / IVSOperation.pageSize)
      state.withLock { $0.plan.listed(summaries, pages: pages) }
    case .participant(let id, let details):
      if details {
        store(
          "get-participant.\(id).json",
          try client.getParticipant(stageArn: stage.arn, sessionId: sessionId, participantId: id))
      }
      let all = try client.listParticipantEvents(
        stageArn: stage.arn, sessionId: sessionId, participantId: id)
      store("\(id).events.json", .object([("events", .array(EventOrder.newestFirst(all)))]))
      if all.contains(where: { $0["name"]?.stringValue == "TOKEN_EXCHANGED" }) {
        state.withLock { $0.plan.exchanged(id) }
      }
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

  /// Keeps `json` under `name` beside the polled answers, as a poll's answer is kept: how
  /// events pushed to the session (`EventQueueFeed`) reach the same snapshots.
  public func keep(_ json: JSON, named name: String) { store(name, json) }

  private func store(_ name: String, _ json: JSON) {
    let now = Date().timeIntervalSince1970
    state.withLock { state in
      state.updatedAt = now
      guard state.files[name]?.json != json else { return }
      if state.files[name] == nil { state.order.append(name) }
      state.version += 1
      state.files[name] = Kept(json: json, changed: state.version)
    }
  }

  private func note(_ error: AWSError, _ operation: String, participant: String?) {
    let failure = LiveError(
      operation, of: client, stageArn: stage.arn, sessionId: sessionId, participantId: participant,
      error: error)
    state.withLock {
      $0.problem = failure.message.split(separator: "\n").first.map(String.init)
      if !RetryPolicy.isRetryable(error) && error.code != .resourceNotFound { $0.stopped = true }
    }
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
