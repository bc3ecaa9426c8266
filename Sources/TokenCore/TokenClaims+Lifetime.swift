extension TokenClaims {
  /// `exp - iat` in seconds; nil when the claims are so far apart the difference does not fit in
  /// 64 bits (a token may carry any integers, e.g. `exp` = Int64.max and `iat` = -1).
  public var lifetime: Int64? {
    let (difference, overflow) = exp.subtractingReportingOverflow(iat)
    return overflow ? nil : difference
  }

  /// The `exp` of a token issued at `issuedAt` that lives `lifetime` seconds. Throws, naming
  /// `exp`, when that instant does not fit in 64 bits — lifetimes come from people and tokens.
  public static func expiry(issuedAt: Int64, lifetime: Int64) throws(TokenError) -> Int64 {
    let (sum, overflow) = issuedAt.addingReportingOverflow(lifetime)
    guard !overflow else {
      throw TokenError(
        .malformed, part: "claim exp",
        reason: "iat \(issuedAt) plus a lifetime of \(lifetime) s is past the latest time a "
          + "token can carry")
    }
    return sum
  }
}
