import IVSRules
import InputKit

extension TokenClaims {
  /// The longest a token may live: `exp` at most 14 days after `iat` (the rule book's
  /// `token.max-lifetime`).
  public static let maximumLifetime = Int64(
    RuleBook.ivs.latest.decide(.maximumTokenLifetime).outcome)
  /// Longest `jti` (participant ID).
  public static let maximumJTILength = 64
  /// Longest `user_id`, in Unicode scalar values: IVS's API model gives `userId` "Maximum length
  /// of 128", and Smithy's length trait counts a string's Unicode code points (not graphemes,
  /// which let one letter carry 20,000 combining marks; not UTF-16 units). docs/SECURITY.md.
  public static let maximumUserIDLength = 128
  /// Largest attributes map: UTF-8 bytes of keys and values together.
  public static let maximumAttributesBytes = 1024

  /// Checks every value and limit of SPEC §1.1 at virtual time `now` (Unix
  /// seconds), so join and exchange share one definition of "valid".
  public func validate(now: Int64) throws(TokenError) {
    try validateShape()
    guard exp > now else {
      throw TokenError(.expired, part: "claim exp", reason: "expired at \(exp), now is \(now)")
    }
  }

  /// The time-independent checks of `validate(now:)`.
  public func validateShape() throws(TokenError) {
    if exp < iat { throw invalid("exp", "is before iat") }
    guard let lifetime, lifetime <= Self.maximumLifetime else {
      let span = lifetime.map { "\($0) s" } ?? "the difference does not fit in 64 bits"
      throw invalid("exp", "is more than 14 days after iat (\(span))", rule: .tokenMaximumLifetime)
    }
    try validateJTI()
    if let userId, userId.unicodeScalars.count > Self.maximumUserIDLength {
      throw invalid(
        "user_id",
        "has \(userId.unicodeScalars.count) Unicode scalars, at most \(Self.maximumUserIDLength) allowed",
        rule: .tokenClaimLimits)
    }
    let size = attributes.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    if size > Self.maximumAttributesBytes {
      throw invalid(
        "attributes", "total \(size) bytes, at most 1024 allowed", rule: .tokenClaimLimits)
    }
    if version != "1.0" {
      throw invalid("version", "is \(Excerpt.quoted(version)), must be \"1.0\"")
    }
    try validateStage()
  }

  private func validateJTI() throws(TokenError) {
    guard (1...Self.maximumJTILength).contains(jti.utf8.count) else {
      throw invalid(
        "jti", "has \(jti.utf8.count) bytes, must be 1–64 characters", rule: .tokenClaimLimits)
    }
    if let bad = jti.first(where: { !($0.isASCIIAlphanumeric || $0 == "-" || $0 == "_") }) {
      throw invalid(
        "jti", "contains \"\(bad)\"; only A–Z, a–z, 0–9, - and _ are allowed",
        rule: .tokenClaimLimits)
    }
  }

  private func validateStage() throws(TokenError) {
    guard let stageID = ARN.stageID(from: resource) else {
      throw invalid(
        "resource", "\"\(resource)\" is not a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)")
    }
    if topic != stageID {
      throw invalid("topic", "\"\(topic)\" is not the stage ID of resource (\(stageID))")
    }
    if eventsURL.isEmpty { throw invalid("events_url", "is empty") }
    if whipURL.isEmpty { throw invalid("whip_url", "is empty") }
  }

  private func invalid(
    _ claim: String, _ reason: String, rule: RuleID = .tokenValidAtJoin
  ) -> TokenError {
    TokenError(.malformed, part: "claim \(claim)", reason: reason, rule: rule)
  }
}
