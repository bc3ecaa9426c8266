/// Who sees a participant, and when an observer sees its new user ID and attributes.
extension RuleBook {
  static let visibilityRules: [Rule] = [
    Rule(
      .visibilityPublishersOnly,
      "An observer's SDK reports a remote participant (participantJoined, then its streams) when "
        + "it starts publishing, not when it connects.",
      basis: .documented(
        Page.androidStageRenderer(
          "onParticipantJoined", "A new participant has joined the Stage and started publishing."))
    ),
    Rule(
      .visibilityUnpublishLeaves,
      "When a participant stops publishing, each observer's subscription ends, its streams are "
        + "removed and the observer's SDK reports participantLeft.",
      basis: .documented(
        Page.androidStageRenderer(
          "onParticipantLeft", "A new participant has left the Stage or stopped publishing."))),
    Rule(
      .visibilityNotPublishingHeld,
      "A participant that exchanges while not publishing is updated silently; every observer "
        + "gets the new user ID and attributes in participantJoined when it publishes.",
      basis: .documented(
        Page.tokenExchangeGerman(
          "Sichtbarkeitsstatus",
          "Wenn der Teilnehmer nicht veröffentlicht: Die Aktualisierung wird im Hintergrund "
            + "verarbeitet."))),
    Rule(
      .visibilityMetadataEventMobile,
      "An iOS or Android observer from 1.37.0 sees a publishing participant's new user ID and "
        + "attributes at once, in participantMetadataUpdated (iOS participantMetadataDidUpdate, "
        + "Android onParticipantMetadataUpdated) carrying a new participant-info value.",
      basis: .documented(
        Page.iosStageRenderer(
          "stage(_:participantMetadataDidUpdate:)",
          "A participant has been updated. Unlike other renderer methods, this will be a new "
            + "IVSParticipantInfo object.")),
      scope: Scope(sdks: [Releases.mobileWithExchange])),
    Rule(
      .visibilityMetadataEventWeb,
      "A Web observer from 1.33.0 sees a publishing participant's new user ID and attributes at "
        + "once, in StageEvents.STAGE_PARTICIPANT_METADATA_CHANGED; in practice the app shows them "
        + "only if it listens for that event.",
      basis: .documented(
        Page.webStageEvents(
          "STAGE_PARTICIPANT_METADATA_CHANGED",
          "Indicates that participant metadata (userId, attributes) has been updated.")),
      scope: Scope(sdks: [Releases.webWithExchange]),
      advice: Advice(
        "If a Web 1.33.0+ viewer still shows the old values, the app does not handle "
          + "STAGE_PARTICIPANT_METADATA_CHANGED: listen for it with stage.on and redraw the "
          + "participant from the StageParticipantInfo it carries.",
        basis: .documented(
          Page.webStageEvents(
            "StageEvents", "Stage events that can be listened to with stage.on and stage.off.")))
    ),
    Rule(
      .visibilityRepublishOnly,
      "An observer on an older SDK (iOS/Android before 1.37.0, Web before 1.33.0) never hears of "
        + "a publishing participant's new values until it unpublishes and publishes again (or "
        + "reconnects): then participantJoined carries them.",
      basis: .documented(
        Page.tokenExchangeGerman(
          "Sichtbarkeitsstatus",
          "Teilnehmer mit dem Web-SDK, älteren mobilen SDKs und der serverseitigen Zusammensetzung "
            + "sehen die Änderung erst, wenn der Teilnehmer die Veröffentlichung rückgängig macht "
            + "und sie erneut veröffentlicht.")),
      scope: Scope(sdks: Releases.beforeExchange),
      advice: Advice(
        "Viewers on an older SDK see the new values when the participant unpublishes and "
          + "publishes again; upgrading them to iOS/Android 1.37.0 or Web 1.33.0 or later shows "
          + "the values at once.",
        basis: .documented(
          Page.tokenExchange(
            "Introduction",
            "Token exchange is supported in both the mobile and web broadcast SDKs.")))),
    Rule(
      .visibilityLateObserver,
      "An observer that joins or rejoins after an exchange learns the participant's current user "
        + "ID and attributes when it is told about the participant.",
      basis: .assumption(
        reason: "The documentation speaks only of observers already present; an SDK told of a "
          + "participant later has no older values to show.")),
  ]
}
