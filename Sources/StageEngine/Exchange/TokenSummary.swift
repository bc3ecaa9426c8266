import TokenCore

/// What the stage shows of a participant token: its claims, never its signature.
///
/// Snapshots, TOKEN_EXCHANGED events and the UI use it so a token can be
/// compared and displayed without the secret part ever leaving the model.
public struct TokenSummary: Equatable, Sendable {
  /// The participant ID (`jti`).
  public let participantId: String
  /// `user_id`, if any.
  public let userId: String?
  /// `attributes`.
  public let attributes: [String: String]
  /// `capabilities`.
  public let capabilities: Capabilities
  /// `iat`, Unix seconds.
  public let issuedAt: Int64
  /// `exp`, Unix seconds.
  public let expirationTime: Int64
  /// Key-pair token or CreateParticipantToken token (§1.2).
  public let origin: TokenOrigin
  /// `header.payload.<signature redacted>`: every claim, including unknown ones, safe to print.
  public let redacted: String

  /// Summarises a parsed token.
  public init(_ token: ParticipantToken) {
    participantId = token.claims.jti
    userId = token.claims.userId
    attributes = token.claims.attributes
    capabilities = token.claims.capabilities
    issuedAt = token.claims.iat
    expirationTime = token.claims.exp
    origin = token.origin
    redacted = token.redacted
  }
}

/// The participant info an observer holds about a publisher: what §3.4 tracks.
public struct ParticipantMetadata: Equatable, Sendable {
  /// `user_id`, if any.
  public let userId: String?
  /// `attributes`.
  public let attributes: [String: String]

  /// Creates a value.
  public init(userId: String?, attributes: [String: String]) {
    self.userId = userId
    self.attributes = attributes
  }
}
