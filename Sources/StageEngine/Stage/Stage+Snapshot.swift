import IVSRules
import TokenCore

/// Building `StageSnapshot` (for the UI and for equality tests).
extension Stage {
  /// The whole stage as values; cost grows with participants × publishers.
  public func snapshot() -> StageSnapshot {
    var sharing = RemoteViewSharing(self)
    let ids = participantIDs
    return StageSnapshot(
      time: clock.now, stageARN: configuration.arn, isDeleted: isDeleted,
      participants: clients.indices.map { participantSnapshot($0, sharing: &sharing) },
      joinOrder: joinOrder.map { ids[$0] },
      publishers: publishOrder.map { clients[$0].id },
      compositions: compositions.map(compositionSnapshot),
      pendingQuestions: pendingQuestions(), rules: rules)
  }

  /// The strategy questions waiting, in slot order.
  /// Reads one field per client: a refresh asks whenever a question may have changed, and
  /// filtering the clients themselves would copy all 10,000 of them (retaining each one's
  /// token and history).
  func pendingQuestions() -> [PendingQuestion] {
    clients.indices.filter { clients[$0].pendingPublishQuestion }.map { slot in
      PendingQuestion(
        participant: clients[slot].id, kind: .shouldPublish,
        name: PlatformNames.strategy(.shouldPublish, on: clients[slot].sdk.platform) ?? "")
    }
  }

  /// Participant `slot` as a value.
  func participantSnapshot(_ slot: Int) -> ParticipantSnapshot {
    participantSnapshot(slot, remotes: remoteViews(of: slot))
  }

  /// Participant `slot`, its remote views shared with the observers `sharing` built them for
  /// when they see the publishers alike (a pass over many participants).
  func participantSnapshot(_ slot: Int, sharing: inout RemoteViewSharing) -> ParticipantSnapshot {
    participantSnapshot(slot, remotes: remoteViews(of: slot, sharing: &sharing))
  }

  /// Reads single fields of `clients[slot]`: copying the whole client would retain and release
  /// its token and history.
  private func participantSnapshot(_ slot: Int, remotes: [RemoteViewSnapshot])
    -> ParticipantSnapshot
  {
    ParticipantSnapshot(
      id: clients[slot].id, sdk: clients[slot].sdk, sdkRules: clients[slot].sdkRules,
      strategy: clients[slot].strategy,
      token: clients[slot].token.map(TokenSummary.init), capabilities: clients[slot].capabilities,
      connection: clients[slot].connection, publish: clients[slot].publish,
      muted: clients[slot].muted, metadata: clients[slot].history.last, remotes: remotes)
  }

  /// What participant `slot` sees of each publisher, in publish order: the part of its
  /// snapshot that changes when only others change (a publish fans out to every observer).
  func remoteViews(of slot: Int) -> [RemoteViewSnapshot] {
    let sdk = clients[slot].sdk
    let rule = clients[slot].sdkRules.hasMetadataEvent.rule
    var remotes: [RemoteViewSnapshot] = []
    remotes.reserveCapacity(publishOrder.count)
    for publisher in publishOrder where publisher != slot {
      let view = views[viewIndex(observer: slot, publisher: publisher)]
      guard view.known else { continue }
      remotes.append(
        remoteView(
          of: publisher, version: Int(view.version),
          reason: "\(sdk): sees it on republish", rule: rule, view: view))
    }
    return remotes
  }

  private func remoteView(
    of publisher: Int, version: Int, reason: @autoclosure () -> String, rule: RuleID,
    view: RemoteView
  ) -> RemoteViewSnapshot {
    let stale = version != clients[publisher].version
    return RemoteViewSnapshot(
      participant: clients[publisher].id, subscribe: view.subscribe, streams: view.streams,
      believed: clients[publisher].history[version], isStale: stale,
      staleReason: stale ? reason() : nil, staleRule: stale ? rule : nil)
  }

  func compositionSnapshot(_ state: CompositionState) -> CompositionSnapshot {
    let reason =
      "composition (\(state.updates.outcome.rawValue)): sees it on republish or reconnect"
    let believed = publishOrder.map { slot in
      remoteView(
        of: slot, version: state.versions[slot] ?? clients[slot].version, reason: reason,
        rule: state.updates.rule,
        view: RemoteView(known: true, subscribe: .subscribed, streams: .audioVideo))
    }
    return CompositionSnapshot(
      id: state.id, configuration: state.configuration, updates: state.updates, slots: state.slots,
      believed: believed)
  }
}
