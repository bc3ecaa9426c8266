import TokenCore

/// The event stream's human text for a token the service refused.
///
/// TokenCore states times as Unix seconds (it has no calendar); the stream
/// shows every time as ISO 8601 UTC, so an expiry reads
/// `expired at 2026-01-01T11:00:00Z, now is 2026-01-01T12:00:00Z` and a support
/// engineer can compare it with the `time` column at a glance.
enum TokenRefusalText {
  /// `part: reason`, with the expiry and the virtual time as ISO 8601 when `error` is an expiry.
  static func describe(_ error: TokenError, of token: ParticipantToken, now: Int64) -> String {
    guard error.category == .expired, token.claims.exp <= now else { return "\(error)" }
    return "\(error.part): expired at \(VirtualTime.iso8601(token.claims.exp)), "
      + "now is \(VirtualTime.iso8601(now))"
  }
}
