/// Participant tokens, joining and leaving.
extension RuleBook {
  static let tokenRules: [Rule] = [
    Rule(
      .tokenValidAtJoin,
      "A client joins only with a valid, unexpired token: a malformed, expired or untrusted "
        + "token (bad signature, unknown key, another stage) is refused at join.",
      basis: .documented(
        Page.iosPublishSubscribe(
          "Concepts: Stage",
          "Creating or joining a stage requires a valid, unexpired token string from the control "
            + "plane"))),
    Rule(
      .tokenMaximumLifetime,
      "A token lives at most 14 days: its exp is at most 14 days (20,160 minutes) after its iat.",
      basis: .documented(
        Page.createParticipantToken(
          "Request Body: duration", "Valid Range: Minimum value of 1. Maximum value of 20160."))),
    Rule(
      .tokenClaimLimits,
      "A token's attributes total at most 1 KB (keys and values), its user_id at most 128 "
        + "characters, its jti (participant ID) 1–64 of A–Z a–z 0–9 - _.",
      basis: .documented(
        Page.participantToken(
          "Contents: attributes", "The maximum length of this field is 1 KB total."))),
    Rule(
      .tokenIVSIssuedTrusted,
      "A token IVS signed itself (CreateParticipantToken, alg KMS) is trusted at join; any other "
        + "algorithm, or an ES384 token without a known key, is refused as not allowed.",
      basis: .assumption(
        reason: "IVS signs CreateParticipantToken tokens with keys customers never see, so "
          + "stagemon cannot verify them and trusts them as the service's own; everything else "
          + "must verify, so a signature is never skipped.")),
    Rule(
      .tokenExpiryWhileConnected,
      "A connected participant whose token expires stays connected, publishing and "
        + "subscribing; only a later join, exchange or reconnection with that token is refused.",
      basis: .assumption(
        reason: "The documentation checks tokens when a stage is created or joined and says "
          + "nothing of a session outliving its token; stagemon marks such a participant EXPIRED "
          + "rather than invent a disconnection.")),
    Rule(
      .joinRevokedParticipant,
      "A participant removed with DisconnectParticipant leaves, and its token can never join "
        + "again.",
      basis: .documented(
        Page.webStageErrorCode(
          "PARTICIPANT_DISCONNECTED",
          "If a participant tries to join again, an error will be thrown during the join "
            + "establishment."))),
    Rule(
      .joinDeletedStage,
      "Deleting a stage disconnects every participant, and no one can join it afterwards.",
      basis: .documented(
        Page.webStageErrorCode(
          "STAGE_DELETED",
          "If a stage is deleted while a participant is actively in a session, they will be "
            + "gracefully disconnected."))),
    Rule(
      .joinAsksPublish,
      "On join (and on refreshStrategy) a client whose token allows publish asks its strategy "
        + "whether to publish; one without publish is never asked.",
      basis: .documented(
        Page.iosStageStrategy(
          "stage(_:shouldPublishParticipant:)",
          "This will only be invoked on participants that have the publish capability."))),
    Rule(
      .leaveReason,
      "A Web client that leaves the stage reports STAGE_LEFT with the reason: user-initiated, "
        + "participant-disconnected or stage-deleted.",
      basis: .documented(
        Page.webStageLeftReason(
          "USER_INITIATED", "Explicit invocation of leave() by the client."))),
  ]
}
