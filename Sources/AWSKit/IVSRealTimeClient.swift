import Foundation
import InputKit
import JSONKit

/// Calls Amazon IVS real-time as the AWS CLI does: rest-json `POST /Operation` to
/// `ivsrealtime.REGION.amazonaws.com`, signed with SigV4 under the name `ivs`, paced, retried
/// by the one `RetryingCaller`, answers returned as the JSON the service sent. One method per
/// operation; `requestCount` counts every request sent, retries included.
public final class IVSRealTimeClient: Sendable {
  /// What the client reports while it works (a progress line shows it).
  public typealias Event = RetryingCaller.Event

  /// The region every request is signed for.
  public let region: String
  /// Where requests go.
  public let endpoint: IVSEndpoint
  /// The pacer every request waits on.
  public let pacer: RequestPacer
  private let credentials: CredentialCache
  private let caller: RetryingCaller
  /// When the command's time is up, on the client's clock; nil for a run without end (attach).
  public var deadline: Double? { caller.deadline }
  /// Called on the requesting thread for each event.
  public var onEvent: (@Sendable (Event) -> Void)? {
    get { caller.onEvent }
    set { caller.onEvent = newValue }
  }

  /// Creates a client.
  public init(
    region: String, endpoint: IVSEndpoint, credentials: CredentialCache,
    transport: any HTTPTransport, pacer: RequestPacer, clock: any AWSClock,
    retry: RetryPolicy = RetryPolicy(), timeout: Double = 30, totalTimeout: Double? = nil
  ) {
    self.region = region
    self.endpoint = endpoint
    self.credentials = credentials
    self.pacer = pacer
    caller = RetryingCaller(
      signer: SigV4Signer(service: "ivs", region: region), readError: ServiceErrorReader.error,
      transport: transport, clock: clock, policy: retry, timeout: timeout,
      totalTimeout: totalTimeout)
  }

  /// The credentials every request is signed with, kept for the run: another AWS client of
  /// the same command (attach's events queue) signs with them too, renewed in one place.
  public var sharedCredentials: CredentialCache { credentials }
  /// Requests sent so far, retries included.
  public var requestCount: Int { caller.requestCount }
  /// The credentials in use as `Credentials.description` shows them (no secret), once known.
  public var credentialSummary: String? { credentials.kept?.description }
  /// The kind of source that gave the credentials in use, once known: what an expiry message
  /// tells to renew.
  public var credentialMethod: CredentialMethod? { credentials.kept?.method }
  /// Answers that said "throttled" so far.
  public var throttleCount: Int { caller.throttleCount }

  /// Sends `operation` with `body` until it succeeds or the retries give up.
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
    let request = HTTPRequest(
      method: "POST", origin: endpoint.origin, host: endpoint.host, path: "/\(operation.name)",
      headers: [.init(name: "Content-Type", value: "application/json")],
      body: Array(JSONWriter.compact(body).utf8))
    let response = try caller.send(operation.name, request, signing: .cached(credentials)) {
      pacer.waitForSlot(operation)
    }
    return Answer(json: try decode(response, operation), byteCount: response.body.count)
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
}
