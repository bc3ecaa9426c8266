/// The error an SDK reports to its app (SPEC §5.3): iOS and Android a bare number, Web a number
/// and a name; both appear in the stream so the output matches what the customer's app logged.
/// Which code a case gets on a platform is the book's answer (`Question.errorCode(_:)`).
public struct SDKErrorCode: Equatable, Sendable {
  /// The numeric code.
  public let number: Int
  /// Web's symbolic name; `nil` on iOS/Android.
  public let name: String?

  /// Creates a code.
  public init(number: Int, name: String? = nil) {
    self.number = number
    self.name = name
  }

  /// The §5.3 cases the model reports.
  public enum Case: Sendable, CaseIterable {
    /// Malformed token at join.
    case tokenMalformed
    /// Expired token at join.
    case tokenExpired
    /// Bad signature, unknown key, revoked participant or another stage's token.
    case tokenNotAllowed
    /// Stage at capacity (join or publish).
    case stageAtCapacity
    /// Exchange rejected by the SDK before sending (§3.1).
    case exchangeRequestInvalid
    /// Exchange rejected by the service (§3.2).
    case exchangeFailed
  }
}
