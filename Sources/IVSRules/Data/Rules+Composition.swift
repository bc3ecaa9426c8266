/// Server-side composition: what it shows, how it lays participants out, and when it notices an
/// exchange (dated: IVS changed it on 2026-04-16).
extension RuleBook {
  static let compositionRules: [Rule] = [
    Rule(
      .compositionLayoutOnReconnect,
      "Until 2026-04-16 a composition kept the attributes a participant had when it last started "
        + "publishing: an exchange moved the layout only when the participant unpublished and "
        + "published again or reconnected.",
      basis: .documented(
        Page.tokenExchange2025(
          "Limitations",
          "the layout of an active composition will not update until the participant "
            + "reconnects.")),
      scope: Scope(validUntil: Releases.liveCompositionLayouts),
      advice: Advice(
        "Until April 2026 IVS moved a composition's layout only when the participant republished "
          + "or reconnected: have the participant unpublish and publish again.",
        basis: .documented(
          Page.tokenExchange2025(
            "Limitations",
            "the layout of an active composition will not update until the participant "
              + "reconnects.")))),
    Rule(
      .compositionLayoutLive,
      "Since 2026-04-16 a composition follows every accepted exchange at once: the featured slot, "
        + "the order and the PiP window move without a reconnect.",
      basis: .documented(
        Page.tokenExchange(
          "Introduction",
          "server-side composition detects the updated attributes in real time and automatically "
            + "adjusts the layout")),
      scope: Scope(validFrom: Releases.liveCompositionLayouts),
      advice: Advice(
        "Since 2026-04-16 IVS moves composition layouts at once after an accepted exchange; "
          + "nothing needs to be set. Before that a layout moved when the participant republished "
          + "or reconnected.",
        basis: .documented(
          Page.documentHistory(
            "Real-Time Streaming User Guide Changes (April 16, 2026)",
            "RT token exchange: Web broadcast SDK & SSC changes")))),
    Rule(
      .compositionPublishersOnly,
      "A composition shows publishing participants only: one enters the layout when it starts "
        + "publishing (with its current attributes) and leaves it when it stops.",
      basis: .documented(
        Page.compositionGettingStarted(
          "Prerequisites",
          "To use server-side composition, you must have a stage with active publishers"))),
    Rule(
      .compositionFeaturedAttribute,
      "A participant whose featuredParticipantAttribute is the string \"true\" takes the "
        + "featured slot.",
      basis: .documented(
        Page.gridConfiguration(
          "featuredParticipantAttribute",
          "A participant with this attribute set to \"true\" (as a string value) in "
            + "ParticipantTokenConfiguration is placed in the featured slot."))),
    Rule(
      .compositionPipAttribute,
      "In a PiP layout, a participant whose pipParticipantAttribute is the string \"true\" takes "
        + "the PiP window.",
      basis: .documented(
        Page.pipConfiguration(
          "pipParticipantAttribute",
          "A participant with this attribute set to \"true\" (as a string value) in "
            + "ParticipantTokenConfiguration is placed in the PiP slot."))),
    Rule(
      .compositionOrderAttribute,
      "Participants whose participantOrderAttribute is an integer come first, ascending "
        + "numerically (ties by arrival); the others follow in arrival order; an empty attribute "
        + "name orders by arrival alone.",
      basis: .documented(
        Page.customParticipantOrdering(
          "How Custom Ordering Works",
          "Participants with the specified ordering attribute in their tokens are positioned "
            + "first, sorted numerically by their attribute values."))),
    Rule(
      .compositionStartSeesCurrent,
      "A composition started during a session lays out every publisher with its current "
        + "attributes at once.",
      basis: .assumption(
        reason: "A new composition has seen no older values; the documentation describes the "
          + "lag only for a composition already running. (The Custom Participant Ordering page "
          + "warns that the order of participants who joined before the composition began is "
          + "not guaranteed; stagemon still orders them by the documented rule.)")),
    Rule(
      .compositionLimit,
      "An account runs at most 5 compositions at once; stagemon models one stage of one account, "
        + "so at most 5 on it.",
      basis: .documented(
        Page.serviceQuotas("Other Quotas: Compositions", "Compositions | 5 | Yes"))),
  ]
}
