/// What pressing Enter on a deck entry would do, worked out before anything is sent: the
/// SDK-side checks (§3.1), the service-side checks (§3.2) and the effects (§3.3/§3.4).
public enum ExchangePrediction: Equatable, Sendable {
  /// The client's SDK has no exchangeToken, or the participant is unknown.
  case unavailable(String)
  /// The deck could not make the token (bad typed value).
  case invalidInput(String)
  /// The entry cannot be used with this scenario (it needs a private key the scenario lacks).
  case disabled(String)
  /// The SDK rejects it before sending; nothing changes.
  case rejectedBySDK(String)
  /// The service rejects it; nothing changes (Web leaves the stage).
  case rejectedByService(String)
  /// Accepted, with these effects.
  case accepted([String])

  /// One-line verdict for the deck.
  public var headline: String {
    switch self {
    case .unavailable(let message): return "unavailable: \(message)"
    case .invalidInput(let message): return "cannot make the token: \(message)"
    case .disabled(let message): return "disabled: \(message)"
    case .rejectedBySDK(let message): return "SDK rejects: \(message)"
    case .rejectedByService(let message): return "service rejects: \(message)"
    case .accepted: return "accepted"
    }
  }

  /// Whether the stage service (not the SDK) would refuse it.
  public var isRejectedByService: Bool {
    if case .rejectedByService = self { return true }
    return false
  }

  /// Whether the entry is unusable with this scenario's keys.
  public var isDisabled: Bool {
    if case .disabled = self { return true }
    return false
  }

  /// Whether the exchange would go through.
  public var isAccepted: Bool {
    if case .accepted = self { return true }
    return false
  }
}
