import InputKit

/// Everything a call to AWS can end in besides an answer, in one enum so retries, messages and
/// tests all switch over the same cases.
public enum AWSError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The service answered with an error.
  case service(code: AWSErrorCode, message: String, status: Int, requestID: String?)
  /// No answer: connection refused, timed out, TLS failure…
  case transport(String)
  /// No credentials, or broken ones.
  case credentials(CredentialError)
  /// The answer is not the JSON the service model says.
  case decoding(LocatedError)
  /// The answer broke a limit stagemon holds whatever the server (a redirect, the answer
  /// cap): never retried, as the same server would answer the same.
  case refused(String)
  /// A failure worth retrying that outlasted its retries (`RetryingCaller`): what was sent,
  /// where, how often, what ended the retries, and what the last attempt met.
  indirect case gaveUp(GiveUp)

  /// The service's error code, if the service answered (the last answer, after retries).
  public var code: AWSErrorCode? {
    switch self {
    case .service(let code, _, _, _): return code
    case .gaveUp(let retries): return retries.last.code
    case .transport, .credentials, .decoding, .refused: return nil
    }
  }

  /// The message, as people read it.
  public var description: String {
    switch self {
    case .service(let code, let message, let status, let requestID):
      let id = requestID.map { ", request ID \($0)" } ?? ""
      return "\(code.rawValue) (HTTP \(status)\(id)): \(message)"
    case .transport(let reason): return "no answer from AWS: \(reason)"
    case .credentials(let error): return error.description
    case .decoding(let error): return error.description
    case .refused(let reason): return reason
    case .gaveUp(let retries): return retries.description
    }
  }
}

/// A request given up after its retries, with what a person needs to judge it: the operation,
/// the endpoint, the attempts made and why no further one was.
public struct GiveUp: Sendable, Equatable, CustomStringConvertible {
  /// What ended the retries.
  public enum Limit: Sendable, Equatable {
    /// The standard mode's attempts were all made (`RetryPolicy.maximumAttempts`).
    case attempts
    /// The client's retry quota was spent: many of its requests failed (`RetryQuota`).
    case retryQuota
    /// The next wait would have passed the command's total time (`--total-timeout`).
    case deadline
  }

  /// The operation (`ListParticipants`, `AssumeRole`, `ReceiveMessage`).
  public let operation: String
  /// Where the requests went (`https://ivsrealtime.us-west-2.amazonaws.com`).
  public let endpoint: String
  /// Requests sent, the first included.
  public let attempts: Int
  /// What ended the retries.
  public let limit: Limit
  /// What the last attempt met.
  public let last: AWSError

  /// Creates the record of a request given up.
  public init(operation: String, endpoint: String, attempts: Int, limit: Limit, last: AWSError) {
    self.operation = operation
    self.endpoint = endpoint
    self.attempts = attempts
    self.limit = limit
    self.last = last
  }

  /// "GetStage to https://… gave up after 3 attempts (the most the standard retry mode
  /// makes): ThrottlingException (HTTP 429): …".
  public var description: String {
    "\(operation) to \(endpoint) gave up after \(attemptsText) (\(why)): \(last)"
  }

  /// "3 attempts", "1 attempt".
  public var attemptsText: String { "\(attempts) attempt\(attempts == 1 ? "" : "s")" }

  /// Why no further attempt was made, in words.
  public var why: String {
    switch limit {
    case .attempts: return "the most the standard retry mode makes"
    case .retryQuota:
      return "the retry quota was spent: too many of this run's requests failed"
    case .deadline: return "the next wait would have passed the command's total time"
    }
  }
}

/// An AWS error code: one case per code the IVS real-time model and AWS's front end send,
/// others kept verbatim.
public enum AWSErrorCode: Sendable, Hashable {
  case accessDenied
  case resourceNotFound
  case validation
  case conflict
  case serviceQuotaExceeded
  case pendingVerification
  case internalServer
  case throttling
  case tooManyRequests
  case expiredToken
  case invalidSignature
  case signatureDoesNotMatch
  case unrecognizedClient
  case requestTimeTooSkewed
  case requestExpired
  case other(String)

  private static let names: [(AWSErrorCode, String)] = [
    (.accessDenied, "AccessDeniedException"), (.resourceNotFound, "ResourceNotFoundException"),
    (.validation, "ValidationException"), (.conflict, "ConflictException"),
    (.serviceQuotaExceeded, "ServiceQuotaExceededException"),
    (.pendingVerification, "PendingVerification"), (.internalServer, "InternalServerException"),
    (.throttling, "ThrottlingException"), (.tooManyRequests, "TooManyRequestsException"),
    (.expiredToken, "ExpiredTokenException"), (.invalidSignature, "InvalidSignatureException"),
    (.signatureDoesNotMatch, "SignatureDoesNotMatch"),
    (.unrecognizedClient, "UnrecognizedClientException"),
    (.requestTimeTooSkewed, "RequestTimeTooSkewed"), (.requestExpired, "RequestExpired"),
  ]

  /// The code for a name as sent (`AccessDeniedException`).
  public init(rawValue: String) {
    self = Self.names.first { $0.1 == rawValue }?.0 ?? .other(rawValue)
  }

  /// The name as AWS sends it.
  public var rawValue: String {
    if case .other(let name) = self { return name }
    return Self.names.first { $0.0 == self }?.1 ?? ""
  }
}
