extension TokenClaims {
  /// The documented global events endpoint every stage token names.
  public static let defaultEventsURL = "wss://global.events.live-video.net"

  /// The documented WHIP endpoint form for a stage.
  public static func defaultWhipURL(stageID: String) -> String {
    "https://\(stageID).global-bm.whip.live-video.net"
  }

  /// Claims for a participant of the stage `stageARN`, with `topic` and the
  /// endpoints derived as IVS derives them — what `token mint` and scenario
  /// shorthand both need. Fails when `stageARN` is not a stage ARN or `exp` does not fit.
  public static func forStage(
    _ stageARN: String, participantID: String, userId: String? = nil,
    capabilities: Capabilities, attributes: [String: String] = [:], issuedAt: Int64,
    lifetime: Int64
  ) throws(TokenError) -> TokenClaims {
    guard let stageID = ARN.stageID(from: stageARN) else {
      throw TokenError(
        .malformed, part: "claim resource",
        reason: "\"\(stageARN)\" is not a stage ARN (arn:aws:ivs:REGION:ACCOUNT:stage/ID)")
    }
    return TokenClaims(
      exp: try expiry(issuedAt: issuedAt, lifetime: lifetime), iat: issuedAt, jti: participantID,
      userId: userId,
      resource: stageARN, topic: stageID, eventsURL: defaultEventsURL,
      whipURL: defaultWhipURL(stageID: stageID), capabilities: capabilities,
      attributes: attributes)
  }
}
