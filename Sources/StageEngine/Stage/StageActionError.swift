import IVSRules

/// An action the stage cannot take at all (unknown participant, wrong state,
/// a call the client's SDK does not have).
///
/// Distinct from SDK errors, which are events: this is the driver's mistake,
/// reported with a clear sentence while the stage stays exactly as it was.
public struct StageActionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, naming the participant.
  public let message: String

  /// Creates an error with a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// Result of an action whose failure the SDK reports as an event (join, publish).
public enum ActionOutcome: Equatable, Sendable {
  /// The action happened.
  case done
  /// The SDK or service refused; the same message went into the event stream.
  case failed(String)
}

/// Result of `exchangeToken` (SPEC §3).
public enum ExchangeOutcome: Equatable, Sendable {
  /// The new token is in force (§3.3).
  case accepted
  /// Refused by the SDK before sending (§3.1) or by the service (§3.2).
  case rejected(ExchangeRejectionReport)
}

/// Why an exchange was refused, as reported in `exchangeRejected` and the client's `error`.
public struct ExchangeRejectionReport: Error, Equatable, Sendable {
  /// Which side refused.
  public enum Checker: String, Sendable {
    /// The SDK, before sending (§3.1): nothing changed.
    case sdk
    /// The service (§3.2): nothing changed, except that Web leaves the stage.
    case service
  }

  /// Which side refused.
  public let checker: Checker
  /// The platform's §5.3 code.
  public let code: SDKErrorCode
  /// Every cause found at the failing step.
  public let message: String
  /// Immutable claims that differ (empty unless that was the cause).
  public let fields: [String]
  /// The rule of the book that refused it.
  public let rule: RuleID
}
