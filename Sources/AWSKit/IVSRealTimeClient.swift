import Foundation
import InputKit
import JSONKit
import Synchronization

/// Calls Amazon IVS real-time as the AWS CLI does: rest-json `POST /Operation` to
/// `ivsrealtime.REGION.amazonaws.com`, signed with SigV4 under the name `ivs`, paced, retried
/// in the standard mode, answers returned as the JSON the service sent. One method per
/// operation; `requestCount` counts every request sent, retries included.
public final class IVSRealTimeClient: Sendable {
  /// What the client reports while it works (a progress line shows it).
  public enum Event: Sendable, Equatable {
    /// Throttled by the service; the next attempt comes after this many seconds.
    case throttled(operation: String, waitSeconds: Double)
  }

  /// The region every request is signed for.
  public let region: String
  /// Where requests go.
  public let endpoint: IVSEndpoint
  /// The pacer every request waits on.
  public let pacer: RequestPacer
  private let signer: SigV4Signer
  private let credentials: CredentialCache
  private let transport: any HTTPTransport
  private let retry: RetryPolicy
  private let clock: any AWSClock
  private let timeout: Double
  /// When the command's time is up, on `clock`; nil for a run without end (attach).
  public let deadline: Double?
  private let startedAt: Double
  private let state = Mutex(State())
  /// Called on the requesting thread for each event.
  public var onEvent: (@Sendable (Event) -> Void)? {
    get { state.withLock { $0.onEvent } }
    set { state.withLock { $0.onEvent = newValue } }
  }

  /// What the requests of every thread share: the correction to the clock the server asked
  /// for, the counts, and who hears the events.
  private struct State {
    var clockOffset = 0.0
    var sentCount = 0
    var throttledCount = 0
    var onEvent: (@Sendable (Event) -> Void)?
  }

  /// Creates a client.
  public init(
    region: String, endpoint: IVSEndpoint, credentials: CredentialCache,
    transport: any HTTPTransport, pacer: RequestPacer, clock: any AWSClock,
    retry: RetryPolicy = RetryPolicy(), timeout: Double = 30, totalTimeout: Double? = nil
  ) {
    self.region = region
    self.endpoint = endpoint
    self.signer = SigV4Signer(service: "ivs", region: region)
    self.credentials = credentials
    self.transport = transport
    self.pacer = pacer
    self.clock = clock
    self.retry = retry
    self.timeout = timeout
    let now = clock.now()
    startedAt = now
    deadline = totalTimeout.map { now + $0 }
  }

  /// The credentials every request is signed with, kept for the run: another AWS client of
  /// the same command (attach's events queue) signs with them too, renewed in one place.
  public var sharedCredentials: CredentialCache { credentials }
  /// Requests sent so far, retries included.
  public var requestCount: Int { state.withLock { $0.sentCount } }
  /// The credentials in use as `Credentials.description` shows them (no secret), once known.
  public var credentialSummary: String? { credentials.kept?.description }
  /// The kind of source that gave the credentials in use, once known: what an expiry message
  /// tells to renew.
  public var credentialMethod: CredentialMethod? { credentials.kept?.method }
  /// Answers that said "throttled" so far.
  public var throttleCount: Int { state.withLock { $0.throttledCount } }

  /// Sends `operation` with `body` until it succeeds or the retry policy gives up.
  public func call(_ operation: IVSOperation, _ body: JSON) throws(AWSError) -> JSON {
    try answer(operation, body).json
  }

  /// An answer and the bytes it came in, so a listing can add them up.
  struct Answer {
    let json: JSON
    let byteCount: Int
  }

  /// `call`, with the answer's size.
  func answer(_ operation: IVSOperation, _ body: JSON) throws(AWSError) -> Answer {
    var attempt = 1
    var skewCorrected = false
    var renewed = false
    while true {
      try checkDeadline(operation)
      pacer.waitForSlot(operation)
      let failure: AWSError
      var skew: Double?
      do {
        let response = try send(operation, body)
        if (200..<300).contains(response.status) {
          return Answer(json: try decode(response, operation), byteCount: response.body.count)
        }
        failure = ServiceErrorReader.error(from: response)
        skew = skewCorrected ? nil : self.skew(response)
      } catch {
        guard case .transport = error else { throw error }
        failure = error
      }
      if RetryPolicy.isThrottling(failure) { state.withLock { $0.throttledCount += 1 } }
      let renewal: CredentialRenewal =
        !renewed && credentials.canRenew ? .available : .unavailable
      switch retry.decision(for: failure, attempt: attempt, clockSkew: skew, renewal: renewal) {
      case .stop: throw failure
      case .renewCredentials:
        credentials.renew()
        renewed = true
      case .correctClock(let seconds):
        state.withLock { $0.clockOffset += seconds }
        skewCorrected = true
      case .retry(let delay):
        if RetryPolicy.isThrottling(failure) {
          onEvent?(.throttled(operation: operation.name, waitSeconds: delay))
        }
        if let deadline, clock.now() + delay >= deadline { throw failure }
        clock.sleep(seconds: delay)
        attempt += 1
      }
    }
  }

  private func send(_ operation: IVSOperation, _ body: JSON) throws(AWSError) -> HTTPResponse {
    let credentials: Credentials
    do {
      credentials = try self.credentials.current()
    } catch {
      throw .credentials(error)
    }
    let request = HTTPRequest(
      method: "POST", origin: endpoint.origin, host: endpoint.host, path: "/\(operation.name)",
      headers: [.init(name: "Content-Type", value: "application/json")],
      body: Array(JSONWriter.compact(body).utf8))
    let time = clock.now() + state.withLock { $0.clockOffset }
    let signed = signer.sign(
      request, at: AMZDate(secondsSince1970: Int64(time.rounded(.down))), with: credentials)
    state.withLock { $0.sentCount += 1 }
    let left = deadline.map { $0 - clock.now() } ?? timeout
    guard left < timeout else { return try transport.send(signed, timeout: timeout) }
    do {
      return try transport.send(signed, timeout: max(left, 0))
    } catch {
      guard case .transport = error, let deadline, clock.now() >= deadline else { throw error }
      throw deadlineError(operation)
    }
  }

  /// Ends the command once its total time is up, before another request or wait.
  private func checkDeadline(_ operation: IVSOperation) throws(AWSError) {
    if let deadline, clock.now() >= deadline { throw deadlineError(operation) }
  }

  private func deadlineError(_ operation: IVSOperation) -> AWSError {
    let total = (deadline ?? startedAt) - startedAt
    return .refused(
      "the command's time was up (\(TimeWords.of(seconds: total)) in all, "
        + "--total-timeout) during \(operation) to \(endpoint.origin), after "
        + "\(requestCount) request\(requestCount == 1 ? "" : "s")")
  }

  private func decode(_ response: HTTPResponse, _ operation: IVSOperation) throws(AWSError) -> JSON
  {
    if response.body.isEmpty { return .object([]) }
    do {
      return try JSONParser.parse(bytes: response.body)
    } catch {
      throw .decoding(
        LocatedError(
          file: "the \(operation) answer", location: "line \(error.line), column \(error.column)",
          message: error.reason))
    }
  }

  /// The server's time minus ours, from the answer's `Date` header.
  private func skew(_ response: HTTPResponse) -> Double? {
    guard let text = response.headers["date"], let server = HTTPDate.seconds(text) else {
      return nil
    }
    return server - (clock.now() + state.withLock { $0.clockOffset })
  }
}
