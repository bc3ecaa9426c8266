import AWSKit
import InputKit

/// Why a live command stopped, worded so a person can act on it: which IAM action was refused
/// and the policy that allows it, which ARN or session does not exist, how to refresh expired
/// credentials, where credentials were looked for. Never shows a secret.
public enum LiveError: Error, Sendable {
  /// A request failed for good (after the retries).
  case request(RequestFailure)
  /// The session has nobody in it: nothing to explain or watch.
  case noParticipants(stageArn: String, sessionId: String)
  /// The stage has never had a session.
  case noSessions(stageArn: String)

  /// A failed request and what it was about.
  public struct RequestFailure: Sendable {
    /// The operation, e.g. `ListParticipantEvents`.
    public let operation: String
    /// The stage's ARN.
    public let stageArn: String?
    /// The session's ID (`st-…`).
    public let sessionId: String?
    /// The participant concerned, if one.
    public let participantId: String?
    /// What AWSKit reported.
    public let error: AWSError
    /// The credentials used, as `Credentials.description` shows them (no secret).
    public let credentials: String?
    /// The kind of source that gave them, when known: an expiry says how to renew that one.
    public let method: CredentialMethod?
  }

  /// A failed request.
  public init(
    operation: String, stageArn: String?, sessionId: String?, participantId: String?,
    error: AWSError, credentials: String?, method: CredentialMethod? = nil
  ) {
    self = .request(
      RequestFailure(
        operation: operation, stageArn: stageArn, sessionId: sessionId,
        participantId: participantId, error: error, credentials: credentials, method: method))
  }

  /// A failed request of `client`, with the credentials it used (described, never a secret).
  public init(
    _ operation: String, of client: IVSRealTimeClient, stageArn: String?,
    sessionId: String? = nil, participantId: String? = nil, error: AWSError
  ) {
    self.init(
      operation: operation, stageArn: stageArn, sessionId: sessionId,
      participantId: participantId, error: error, credentials: client.credentialSummary,
      method: client.credentialMethod)
  }

  /// `body`'s answer; its failure as the `LiveError` of `operation` on `client`.
  public static func calling<Answer>(
    _ operation: String, on client: IVSRealTimeClient, stageArn: String?,
    sessionId: String? = nil, participantId: String? = nil,
    _ body: () throws(AWSError) -> Answer
  ) throws(LiveError) -> Answer {
    do {
      return try body()
    } catch {
      throw LiveError(
        operation, of: client, stageArn: stageArn, sessionId: sessionId,
        participantId: participantId, error: error)
    }
  }

  /// Whether the failure concerns one participant only (a fetch notes it and goes on): the
  /// participant vanished, or the service stayed busy for this one.
  public var isPerParticipant: Bool {
    guard case .request(let failure) = self, failure.participantId != nil else { return false }
    if failure.error.code == .resourceNotFound { return true }
    return RetryPolicy.isRetryable(failure.error)
  }

  /// The message, several lines where a fix needs showing.
  public var message: String {
    switch self {
    case .noParticipants(let stageArn, let sessionId):
      return "session \(sessionId) of \(stageArn) has no participants: nobody joined it, "
        + "so there is nothing to explain (give another session with --session st-…)"
    case .noSessions(let stageArn):
      return "stage \(stageArn) has no sessions yet: nobody has joined it"
    case .request(let failure):
      return RequestFailureText.message(failure)
    }
  }
}

/// The words for each kind of failed request.
enum RequestFailureText {
  /// The words for `failure`; after retries, those for the last attempt's failure and how the
  /// retries ended.
  static func message(_ failure: LiveError.RequestFailure) -> String {
    guard case .gaveUp(let retries) = failure.error else { return message(failure, failure.error) }
    return message(failure, retries.last)
      + " (\(retries.attemptsText) to \(retries.endpoint); \(retries.why))"
  }

  private static func message(_ failure: LiveError.RequestFailure, _ error: AWSError) -> String {
    let action = "ivs:\(failure.operation)"
    let said = serviceSaid(error)
    let who = failure.credentials.map { " (\($0))" } ?? ""
    switch error {
    case .credentials(let error):
      return error.description
    case .transport(let reason):
      return "no answer from IVS for \(action): \(reason)"
    case .decoding(let error):
      return "IVS's answer to \(action) is not the JSON it should be: \(error)"
    case .refused(let reason):
      return "refused IVS's answer to \(action): \(reason)"
    case .gaveUp(let retries):
      return "IVS's answers to \(action): \(retries)"
    case .service(let code, _, _, _):
      switch code {
      case .accessDenied:
        return "AWS refused \(action) to these credentials\(who)\(said).\n"
          + "Allow it in their IAM policy; the least stagemon's live commands need is:\n"
          + IAMPolicy.minimal(stageArn: failure.stageArn)
      case .resourceNotFound:
        return "not found\(said): " + notFound(failure)
      case .expiredToken:
        return "the credentials have expired\(who)\(said). \(renewal(failure.method)), "
          + "and run stagemon again"
      case .invalidSignature, .signatureDoesNotMatch:
        return "AWS says the request's signature does not match\(said). The secret access key "
          + "does not belong to the access key\(who), or this machine's clock is off "
          + "(compare `date -u` with the real time)"
      case .unrecognizedClient:
        return "AWS does not know these credentials\(who)\(said): check the access key and, "
          + "for temporary credentials, the session token"
      case .throttling, .tooManyRequests:
        return "IVS kept throttling \(action) after every retry\(said): another client (the "
          + "customer's own backend?) is using the account's 5 requests a second. Try again "
          + "later, or lower --max-rps"
      default:
        return "IVS refused \(action)\(said)"
      }
    }
  }

  /// How to renew credentials of `method`'s kind, naming that source; every kind's way when
  /// it is not known.
  static func renewal(_ method: CredentialMethod?) -> String {
    switch method {
    case .environment?:
      return "They came from environment variables: set fresh AWS_ACCESS_KEY_ID, "
        + "AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN"
    case .sso?: return "They came from IAM Identity Center: run `aws sso login --profile NAME`"
    case .process?:
      return "They came from the profile's credential_process: renew what it runs "
        + "(aws-vault, granted…)"
    case .assumeRole?, .webIdentity?:
      return "They came from STS for the profile's role: renew the source credentials or token "
        + "the role is assumed with"
    case .sharedCredentialsFile?, .configFile?, .ec2CredentialsFile?, .botoConfig?, .explicit?:
      return "They came from a credentials file: put fresh keys (and aws_session_token) there"
    case .container?, .instanceMetadata?:
      return "They came from the \(method == .container ? "container" : "instance metadata") "
        + "endpoint, which should give fresh ones: check it"
    case nil:
      return "Refresh them — `aws sso login --profile NAME` for SSO, your credential_process "
        + "for process profiles, or new keys in AWS_SESSION_TOKEN"
    }
  }

  private static func notFound(_ failure: LiveError.RequestFailure) -> String {
    if let participant = failure.participantId, let session = failure.sessionId {
      return
        "participant \(participant) in session \(session) of \(failure.stageArn ?? "the stage")"
    }
    if let session = failure.sessionId, failure.operation != "GetStage" {
      return "session \(session) of stage \(failure.stageArn ?? "?") (list the stage's sessions "
        + "with `aws ivs-realtime list-stage-sessions`)"
    }
    return "stage \(failure.stageArn ?? "?") — check the ARN, and that the credentials are "
      + "for its account and region"
  }

  private static func serviceSaid(_ error: AWSError) -> String {
    guard case .service(let code, let message, let status, let requestID) = error else {
      return ""
    }
    let text = message.isEmpty ? "" : ": \(TerminalText.safe(message, limit: 300))"
    let id = requestID.map { ", request \($0)" } ?? ""
    return " (\(code.rawValue), HTTP \(status)\(id)\(text))"
  }
}

/// The smallest IAM policy stagemon's live commands need.
public enum IAMPolicy {
  /// The read actions of fetch, explain --stage and attach.
  public static let readActions = IVSOperation.reads.map(\.iamAction)

  /// The policy document, scoped to `stageArn` when known.
  public static func minimal(stageArn: String?) -> String {
    let resource = stageArn ?? "arn:aws:ivs:REGION:ACCOUNT:stage/*"
    let actions = readActions.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"Version": "2012-10-17", "Statement": [{"Effect": "Allow",
        "Action": [\(actions)],
        "Resource": "\(resource)"}]}
      """
  }
}
