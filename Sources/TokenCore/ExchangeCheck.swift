import IVSRules

/// The checks the broadcast SDK makes before an exchange leaves the device
/// (SPEC §3.1 steps 2–4). The first failing step rejects, naming every cause
/// found at that step and the rule that decided it, so the UI can predict an outcome before
/// it happens.
public enum ExchangeCheck {
  /// Parses `newToken` and checks it may replace `current`.
  public static func check(current: ParticipantToken, newToken: String)
    -> Result<ParticipantToken, ExchangeRejection>
  {
    let new: ParticipantToken
    do {
      new = try ParticipantToken.parse(newToken)
    } catch {
      return .failure(.malformed(error))
    }
    let currentIsCPT = current.origin == .createParticipantToken
    let newIsCPT = new.origin == .createParticipantToken
    if currentIsCPT || newIsCPT {
      return .failure(.createParticipantToken(current: currentIsCPT, new: newIsCPT))
    }
    let differing = changedImmutableClaims(from: current.claims, to: new.claims)
    return differing.isEmpty ? .success(new) : .failure(.immutableClaimsDiffer(differing))
  }

  /// The immutable claims whose values differ, in SPEC order.
  public static func changedImmutableClaims(from old: TokenClaims, to new: TokenClaims) -> [String]
  {
    TokenClaims.immutableClaimNames.filter { old.value(ofClaim: $0) != new.value(ofClaim: $0) }
  }
}

/// Why the SDK refused an exchange before sending it.
public enum ExchangeRejection: Error, Equatable, Sendable, CustomStringConvertible {
  /// The new token does not parse.
  case malformed(TokenError)
  /// One or both tokens came from CreateParticipantToken.
  case createParticipantToken(current: Bool, new: Bool)
  /// Immutable claims differ; names in SPEC order.
  case immutableClaimsDiffer([String])

  /// A sentence naming every cause.
  public var description: String {
    switch self {
    case .malformed(let error): return "new token is malformed: \(error)"
    case .createParticipantToken(let current, let new):
      let which = [current ? "current" : nil, new ? "new" : nil].compactMap { $0 }
      return "the \(which.joined(separator: " and ")) token\(which.count > 1 ? "s come" : " comes")"
        + " from CreateParticipantToken; only key-pair tokens can be exchanged"
    case .immutableClaimsDiffer(let fields):
      return
        "immutable claim\(fields.count > 1 ? "s" : "") changed: \(fields.joined(separator: ", "))"
    }
  }

  /// The rule that rejected the exchange.
  public var rule: RuleID {
    switch self {
    case .malformed: .exchangeMalformedToken
    case .createParticipantToken: .exchangeKeyPairOnly
    case .immutableClaimsDiffer: .exchangeImmutableClaims
    }
  }

  /// The differing immutable claims (empty for other rejections).
  public var fields: [String] {
    if case .immutableClaimsDiffer(let fields) = self { return fields }
    return []
  }
}
