import AWSKit
import Foundation
import JSONKit
import Synchronization

/// `attach --events-queue`: reads the EventBridge "IVS Stage Update" events a customer routes
/// to an SQS queue, on a thread of its own, by long polling, and keeps those of the stage and
/// session followed — oldest first, each once (by the envelope's `id`) — as one answer the
/// import reads like a file of EventBridge events (`file`), so pushed events take the polled
/// records' path (`LiveImport.take`). Messages are deleted only when asked (`deleting`): the
/// queue may feed other consumers. Bounded: a message body is read to `SQSClient.maximumBody`,
/// and at most `limit` events are kept; past it the feed stops and says so.
public final class EventQueueFeed: Sendable {
  /// The name the events are kept under: an EventBridge capture, as the import reads one.
  /// (`LiveImport.pushedEventsSuffix` ends it: the import follows it on as pushed events.)
  public static let file = "sqs.eventbridge.json"
  /// The most events kept in a run.
  public static let defaultLimit = 100_000

  /// What the feed has read so far.
  public struct Counts: Sendable, Equatable {
    /// Events of the stage and session followed, kept.
    public var kept = 0
    /// Messages that were not an "IVS Stage Update" of this stage and session (or not JSON).
    public var ignored = 0
    /// Repeated deliveries of an event already kept.
    public var repeated = 0
    /// Messages deleted from the queue (`deleting`).
    public var deleted = 0
  }

  private struct State {
    var events: [JSON] = []
    var ids: Set<String> = []
    var counts = Counts()
    var stopped = false
    var problem: String?
  }

  private let client: SQSClient
  private let stageArn: String
  private let sessionId: String
  private let deleting: Bool
  private let limit: Int
  private let store: @Sendable (JSON) -> Void
  private let state = Mutex(State())

  /// A feed of `client`'s queue for `sessionId` of `stageArn`, handing the events kept so far
  /// to `store` after each batch that adds one; deletes what it consumed when `deleting`.
  public init(
    client: SQSClient, stageArn: String, sessionId: String, deleting: Bool,
    limit: Int = defaultLimit, store: @escaping @Sendable (JSON) -> Void
  ) {
    self.client = client
    self.stageArn = stageArn
    self.sessionId = sessionId
    self.deleting = deleting
    self.limit = limit
    self.store = store
  }

  /// What was read so far.
  public var counts: Counts { state.withLock { $0.counts } }
  /// Why the feed stopped or what its last request met; nil while all is well.
  public var problem: String? { state.withLock { $0.problem } }

  /// Starts reading on a new thread.
  public func start() {
    let thread = Thread { [self] in self.run() }
    thread.start()
  }

  /// Stops after the request in flight (a long poll ends within `SQSClient.longPollSeconds`).
  public func stop() { state.withLock { $0.stopped = true } }

  private func run() {
    while !state.withLock({ $0.stopped }) {
      do {
        try readBatch()
      } catch {
        let retryable = RetryPolicy.isRetryable(error)
        state.withLock {
          $0.problem = "SQS ReceiveMessage from \(client.queueURL): \(error)"
          if !retryable { $0.stopped = true }
        }
        if retryable { Thread.sleep(forTimeInterval: 5) }
      }
    }
  }

  /// One ReceiveMessage: keeps what is new of this stage and session, deletes when asked.
  func readBatch() throws(AWSError) {
    let (messages, skipped) = try client.receive()
    let (added, consumed) = take(messages, skipped: skipped)
    if let added { store(added) }
    if deleting {
      let failed = try client.delete(Array(messages.prefix(consumed)))
      state.withLock { $0.counts.deleted += consumed - failed.count }
    }
  }

  /// Takes in `messages`: the events kept when any was added (else nil), and how many of the
  /// messages were consumed — all but those past `limit`, which stay in the queue.
  func take(_ messages: [SQSClient.Message], skipped: Int) -> (events: JSON?, consumed: Int) {
    state.withLock { state in
      state.counts.ignored += skipped
      var added = false
      var consumed = 0
      for message in messages {
        guard !state.stopped else { break }
        consumed += 1
        guard let event = try? JSONParser.parse(bytes: Array(message.body.utf8)),
          belongs(event)
        else {
          state.counts.ignored += 1
          continue
        }
        let id = event["id"]?.stringValue ?? message.id
        guard state.ids.insert(id).inserted else {
          state.counts.repeated += 1
          continue
        }
        guard state.events.count < limit else {
          state.problem = "the events queue gave more than \(limit) events: no more are read"
          state.stopped = true
          consumed -= 1
          break
        }
        state.events.append(event)
        state.counts.kept += 1
        added = true
      }
      if !state.stopped { state.problem = nil }
      return (added ? .array(state.events) : nil, consumed)
    }
  }

  /// Whether `event` is an "IVS Stage Update" of the stage (`resources`) and session followed.
  private func belongs(_ event: JSON) -> Bool {
    event["detail-type"]?.stringValue == "IVS Stage Update"
      && event["source"]?.stringValue == "aws.ivs"
      && event["resources"]?.arrayValue?.contains(.string(stageArn)) == true
      && event["detail"]?["session_id"]?.stringValue == sessionId
  }
}
