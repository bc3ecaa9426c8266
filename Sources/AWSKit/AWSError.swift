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

  /// The service's error code, if the service answered.
  public var code: AWSErrorCode? {
    if case .service(let code, _, _, _) = self { return code }
    return nil
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
