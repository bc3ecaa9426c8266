import TokenCore

/// `attach`: a participant the live import knew only from the participant list is declared
/// again when its own records arrive (its SDK, strategy and the token it joined with), in place
/// of what the list alone suggested — possible only while nobody has seen it: it has never
/// published, so no observer, composition or event holds its values.
extension Stage {
  /// Gives participant `id` `sdk`, `strategy` and, when it is connected, `token` as the one it
  /// joined with (a participant not connected joins with its token later). The caller asks
  /// only for one that has never published. Throws, changing nothing, when there is no such
  /// participant, it publishes now (observers see it), or the token does not read.
  public func redeclare(
    participant id: String, sdk: SDKProfile, strategy: StrategySettings, token: String
  ) throws(StageActionError) {
    let slot = try slot(of: id)
    guard clients[slot].publish == .notPublished else {
      throw StageActionError("\(id) publishes: observers see it, it cannot be declared again")
    }
    var parsed: ParticipantToken?
    if clients[slot].connection != .disconnected {
      do {
        parsed = try ParticipantToken.parse(token)
      } catch {
        throw StageActionError("\(id)'s token does not read: \(error)")
      }
    }
    try setSDKProfile(participant: id, to: sdk)
    clients[slot].strategy = strategy
    if let parsed { clients[slot].adoptAsJoined(parsed) }
  }
}
