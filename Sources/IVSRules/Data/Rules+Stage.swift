/// Stage limits, network drops and mute.
extension RuleBook {
  static let stageRules: [Rule] = [
    Rule(
      .capacityPublishers,
      "At most 12 participants publish to a stage at once; the 13th publisher's publish fails "
        + "with stage at capacity.",
      basis: .documented(
        Page.serviceQuotas("Other Quotas: Stage participants (publishers)", "12 | No"))),
    Rule(
      .capacitySubscribers,
      "At most 10,000 participants subscribe to a stage at once.",
      basis: .documented(
        Page.serviceQuotas("Other Quotas: Stage participants (subscribers)", "10000 | Yes"))),
    Rule(
      .capacityJoin,
      "Joins are refused (stage at capacity) once 12 publishers + 10,000 subscribers are "
        + "connected.",
      basis: .assumption(
        reason: "The quotas count publishers and subscribers, not connections; stagemon refuses a "
          + "join only when every one of those places is taken.")),
    Rule(
      .keysPerRegion,
      "At most 3 public keys are imported per region; a token whose kid is not among them is "
        + "not allowed.",
      basis: .assumption(
        reason: "The SPEC gives IVS's public-key quota as 3 per region; the quota table stagemon "
          + "could read does not show the row, so it stays an assumption until checked.")),
    Rule(
      .networkDropReconnects,
      "After a network drop the SDK reconnects on its own with its current token (the last "
        + "accepted exchange's): disconnected → connecting → connected, the service keeps the "
        + "session (no LEFT/JOINED), and the publish question is asked as at join.",
      basis: .assumption(
        reason: "The Web error page says the SDK retries network failures internally before "
          + "reporting them; how a recovered session looks to the service is not documented.")),
    Rule(
      .networkReconnectRefused,
      "A reconnection whose token expired or was revoked meanwhile is refused: the join error, "
        + "LEFT with reason reconnect-failed, and the client stays disconnected.",
      basis: .assumption(
        reason: "A reconnection presents the token again, so stagemon applies the join checks; "
          + "the reason name is stagemon's.")),
    Rule(
      .muteReachesObservers,
      "Muting or unmuting reaches every remote observer that sees the publisher "
        + "(streamsMutedChanged); the service logs nothing and the composition keeps the tile.",
      basis: .assumption(
        reason: "The renderers have a mute callback (Web STAGE_STREAM_MUTE_CHANGED); "
          + "ListParticipantEvents has no mute event, and the documentation does not say who is "
          + "told.")),
    Rule(
      .mutePersists,
      "A muted stream stays muted across unpublish and network drops, and an observer that sees "
        + "the publisher later learns the mute right after streamsAdded.",
      basis: .assumption(
        reason: "Mute is the publisher's local stream state, which neither unpublishing nor a "
          + "reconnection resets; the documentation is silent.")),
  ]
}
