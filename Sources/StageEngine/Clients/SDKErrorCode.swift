/// The error an SDK reports to its app (SPEC §5.3), per platform.
///
/// iOS and Android use bare numbers, Web a number and a name; both appear in
/// the stream so the output matches what the customer's app logged.
public struct SDKErrorCode: Equatable, Sendable {
  /// The numeric code.
  public let number: Int
  /// Web's symbolic name; `nil` on iOS/Android.
  public let name: String?

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
    /// Exchange rejected by the SDK before sending (§3.1); mobile code is an assumption.
    case exchangeRequestInvalid
    /// Exchange rejected by the service (§3.2); mobile code is an assumption.
    case exchangeFailed
  }

  /// The code `platform` reports for `errorCase`.
  public init(_ errorCase: Case, platform: SDKProfile.Platform) {
    let table: (mobile: Int, web: Int, webName: String) =
      switch errorCase {
      case .tokenMalformed: (1000, 1, "TOKEN_MALFORMED")
      case .tokenExpired: (1001, 2, "TOKEN_EXPIRED")
      case .tokenNotAllowed: (1026, 8, "TOKEN_NOT_ALLOWED")
      case .stageAtCapacity: (1024, 6, "STAGE_AT_CAPACITY")
      case .exchangeRequestInvalid: (1000, 11, "TOKEN_EXCHANGE_REQUEST_INVALID")
      case .exchangeFailed: (1026, 12, "TOKEN_EXCHANGE_FAILED")
      }
    switch platform {
    case .ios, .android:
      number = table.mobile
      name = nil
    case .web:
      number = table.web
      name = table.webName
    }
  }
}
