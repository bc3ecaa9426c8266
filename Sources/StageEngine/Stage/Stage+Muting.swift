import IVSRules

/// Muting a publisher's local streams (SPEC §5.1 `streamsMutedChanged`).
extension Stage {
  /// The app mutes (`muted` true) or unmutes `streams` of publishing participant `id`.
  ///
  /// Every remote observer that sees the publisher gets `streamsMutedChanged` with the
  /// streams whose state changed and `state` `muted`/`unmuted`; the service logs nothing
  /// (ListParticipantEvents has no mute events) and the composition layout keeps the
  /// tile. A stream stays muted across unpublish and network drops, and an observer that
  /// sees the publisher later is told right after `streamsAdded` (assumption). Throws,
  /// changing nothing, when `id` does not publish or no named stream would change.
  public func setMuted(_ muted: Bool, streams: MediaStreams, participant id: String)
    throws(StageActionError)
  {
    let slot = try connectedSlot(of: id)
    guard clients[slot].publish == .published else {
      throw StageActionError("\(id) does not publish, so it has no stream to \(muteVerb(muted))")
    }
    let current = clients[slot].muted
    let changed = muted ? streams.subtracting(current) : streams.intersection(current)
    guard !changed.isEmpty else {
      let names = streams.names.joined(separator: "+")
      throw StageActionError(
        "\(id)'s \(names.isEmpty ? "streams" : names) already \(muted ? "muted" : "unmuted")")
    }
    if muted {
      clients[slot].muted.formUnion(changed)
    } else {
      clients[slot].muted.subtract(changed)
    }
    let column = clients[slot].publisherSlot
    following(.muteReachesObservers) {
      for observer in joinOrder where observer != slot {
        guard views[ViewIndex(observer: observer, column: column)].known else { continue }
        emitMute(observer, about: slot, streams: changed, muted: muted)
      }
    }
  }

  /// One observer's `streamsMutedChanged` about `publisher`.
  func emitMute(_ observer: Int, about publisher: Int, streams: MediaStreams, muted: Bool) {
    emitClient(
      .streamsMutedChanged, observer: observer, about: publisher, streams: streams,
      state: .muted(muted))
  }

  private func muteVerb(_ muted: Bool) -> String { muted ? "mute" : "unmute" }
}
