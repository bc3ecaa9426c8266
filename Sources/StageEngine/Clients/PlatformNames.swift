/// The names each SDK platform uses for renderer callbacks (SPEC §5.1) and
/// strategy methods (SPEC §2.3).
///
/// Support engineers compare the stream with a customer's logs, so every
/// client and strategy event carries the name the customer's platform uses.
public enum PlatformNames {
  /// The renderer name of `kind` on `platform`; `nil` for kinds the platform lacks
  /// (`stageLeft` on mobile) or that are not renderer events.
  public static func renderer(_ kind: EventKind, on platform: SDKProfile.Platform) -> String? {
    guard let names = rendererNames(kind) else { return nil }
    switch platform {
    case .ios: return names.ios
    case .android: return names.android
    case .web: return names.web
    }
  }

  /// iOS reports errors to the stage's `IVSErrorDelegate`, not to its `IVSStageRenderer`,
  /// so the event names the delegate and the method as a customer's log would.
  public static let iosErrorDelegateName = "IVSErrorDelegate.stage(_:didEmitError:)"

  /// The strategy method name of question `kind` on `platform`; `nil` for non-questions.
  public static func strategy(_ kind: EventKind, on platform: SDKProfile.Platform) -> String? {
    switch (kind, platform) {
    case (.shouldPublish, .android): return "shouldPublishFromParticipant"
    case (.shouldPublish, _): return "shouldPublishParticipant"
    case (.streamsToPublish, .ios): return "streamsToPublishForParticipant"
    case (.streamsToPublish, .android): return "stageStreamsToPublishForParticipant"
    case (.streamsToPublish, .web): return "stageStreamsToPublish"
    case (.shouldSubscribe, _): return "shouldSubscribeToParticipant"
    default: return nil
    }
  }

  private static func rendererNames(_ kind: EventKind) -> (
    ios: String?, android: String?, web: String?
  )? {
    switch kind {
    case .participantJoined:
      return ("participantDidJoin", "onParticipantJoined", "STAGE_PARTICIPANT_JOINED")
    case .participantLeft:
      return ("participantDidLeave", "onParticipantLeft", "STAGE_PARTICIPANT_LEFT")
    case .publishStateChanged:
      return (
        "didChangePublishState", "onParticipantPublishStateChanged",
        "STAGE_PARTICIPANT_PUBLISH_STATE_CHANGED"
      )
    case .subscribeStateChanged:
      return (
        "didChangeSubscribeState", "onParticipantSubscribeStateChanged",
        "STAGE_PARTICIPANT_SUBSCRIBE_STATE_CHANGED"
      )
    case .streamsAdded:
      return ("didAddStreams", "onStreamsAdded", "STAGE_PARTICIPANT_STREAMS_ADDED")
    case .streamsRemoved:
      return ("didRemoveStreams", "onStreamsRemoved", "STAGE_PARTICIPANT_STREAMS_REMOVED")
    case .streamsMutedChanged:
      return ("didChangeMutedStreams", "onStreamsMutedChanged", "STAGE_STREAM_MUTE_CHANGED")
    case .participantMetadataUpdated:
      return (
        "participantMetadataDidUpdate", "onParticipantMetadataUpdated",
        "STAGE_PARTICIPANT_METADATA_CHANGED"
      )
    case .connectionStateChanged:
      return (
        "didChangeConnectionState", "onConnectionStateChanged", "STAGE_CONNECTION_STATE_CHANGED"
      )
    case .error: return (iosErrorDelegateName, "onError", "ERROR")
    case .stageLeft: return (nil, nil, "STAGE_LEFT")
    default: return nil
    }
  }
}
