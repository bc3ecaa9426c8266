import IVSRules

/// The rules of the book that decide a sighting's verdict (issue 28 item 4): `explain`'s text
/// and `--json` name them beside every verdict, so a reader can open each with
/// `stagemon rules ID` and see the sentence of the IVS documentation it rests on.
extension ExchangeStory.Sighting {
  /// The IDs, most specific first.
  public var rules: [RuleID] {
    switch verdict {
    case .atOnce:
      if cause == .alreadyShown { return staleRules }
      if isComposition { return [.compositionLayoutLive] }
      return [isWeb ? .visibilityMetadataEventWeb : .visibilityMetadataEventMobile]
    case .later:
      switch cause {
      case .startedPublishing?: return [.visibilityNotPublishingHeld]
      case .observerRejoined?, .joinedAfterExchange?: return [.visibilityLateObserver]
      case .policyChanged?: return [.compositionLayoutLive]
      case .republished?, .reconnected?, .networkDrop?, .shownAgain?, .alreadyShown?, nil:
        return staleRules
      }
    case .never, .superseded:
      // Never shown while it was not publishing: held silently, whatever the SDK.
      if stale == nil, !participantWasPublishing { return [.visibilityNotPublishingHeld] }
      return staleRules
    case .stoppedPublishing: return [.exchangePublishLost, .visibilityUnpublishLeaves]
    case .startedPublishing: return [.exchangePublishGained, .visibilityPublishersOnly]
    }
  }

  /// Why an observer kept old values: an on-reconnect composition, or an SDK without the
  /// metadata event.
  private var staleRules: [RuleID] {
    isComposition ? [.compositionLayoutOnReconnect] : [.visibilityRepublishOnly]
  }

  /// Whether the observer runs the Web SDK.
  var isWeb: Bool { profile.hasPrefix("web") }

  /// What a Web 1.33.0+ verdict means in practice (issue 28 item 6): the event that told it,
  /// and what a viewer that still showed old values says about the app (the rule's advice).
  var webEventNote: String? {
    guard verdict == .atOnce, cause == nil, !isComposition, isWeb,
      let advice = RuleBook.ivs.rule(.visibilityMetadataEventWeb).advice
    else { return nil }
    return advice.text
  }
}
