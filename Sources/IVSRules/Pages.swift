/// The IVS documentation pages the book cites, each once, so a page's title and address are
/// written in one place.
enum Page {
  static let guide = "https://docs.aws.amazon.com/ivs/latest/RealTimeUserGuide/"
  static let api = "https://docs.aws.amazon.com/ivs/latest/RealTimeAPIReference/"
  static let webReference = "https://aws.github.io/amazon-ivs-web-broadcast/docs/"

  /// The token-exchange page as it reads today (since the 2026-04-16 update).
  static func tokenExchange(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS Broadcast SDK: Token Exchange | Real-Time Streaming",
      url: guide + "broadcast-mobile-token-exchange.html", section: section, quote: quote)
  }

  /// The token-exchange page as it read before the 2026-04-16 update (the 2025 text).
  static func tokenExchange2025(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS Broadcast SDK: Token Exchange | Real-Time Streaming (2025 text)",
      url: guide + "broadcast-mobile-token-exchange.html", section: section, quote: quote)
  }

  /// The German token-exchange page, which still has the 2025 text with its visibility matrix
  /// (the feature description stagemon was built from is this text).
  static func tokenExchangeGerman(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS-Broadcast-SDK: Token-Austausch | Echtzeit-Streaming (German, 2025 text)",
      url: "https://docs.aws.amazon.com/de_de/ivs/latest/RealTimeUserGuide/"
        + "broadcast-mobile-token-exchange.html",
      section: section, quote: quote)
  }

  static func documentHistory(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS Document History | Real-Time Streaming", url: guide + "doc-history.html",
      section: section, quote: quote)
  }

  static func releaseNotes(_ anchor: String, _ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS Release Notes | Real-Time Streaming",
      url: guide + "release-notes.html#" + anchor, section: section, quote: quote)
  }

  static func webStageEvents(_ section: String, _ quote: String) -> Source {
    Source(
      title: "StageEvents | Amazon IVS Web Broadcast SDK reference v1.33.0",
      url: webReference + "v1.33.0/sdk-reference/enumerations/StageEvents", section: section,
      quote: quote)
  }

  static func webStageErrorCode(_ section: String, _ quote: String) -> Source {
    Source(
      title: "StageErrorCode | Amazon IVS Web Broadcast SDK reference v1.33.0",
      url: webReference + "v1.33.0/sdk-reference/enumerations/StageErrorCode", section: section,
      quote: quote)
  }

  /// The current (unversioned) StageErrorCode page: the copy that lists the token-exchange codes.
  static func webStageErrorCodeCurrent(_ section: String, _ quote: String) -> Source {
    Source(
      title: "StageErrorCode | Amazon IVS Web Broadcast SDK reference (current)",
      url: webReference + "sdk-reference/enumerations/StageErrorCode", section: section,
      quote: quote)
  }

  static func webStageLeftReason(_ section: String, _ quote: String) -> Source {
    Source(
      title: "StageLeftReason | Amazon IVS Web Broadcast SDK reference v1.41.0",
      url: webReference + "v1.41.0/sdk-reference/enumerations/StageLeftReason", section: section,
      quote: quote)
  }

  static func webErrorHandling(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Error Handling in the IVS Web Broadcast SDK | Real-Time Streaming",
      url: guide + "broadcast-web-error-handling.html", section: section, quote: quote)
  }

  static func iosErrorHandling(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Error Handling in the IVS iOS Broadcast SDK | Real-Time Streaming",
      url: guide + "broadcast-ios-error-handling.html", section: section, quote: quote)
  }

  /// The German Android error-handling page: the copy of it stagemon could read.
  static func androidErrorHandlingGerman(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Fehlerbehandlung im IVS Android Broadcast SDK | Echtzeit-Streaming (German)",
      url: "https://docs.aws.amazon.com/de_de/ivs/latest/RealTimeUserGuide/"
        + "broadcast-android-error-handling.html",
      section: section, quote: quote)
  }

  static func iosPublishSubscribe(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Publishing & Subscribing with the IVS iOS Broadcast SDK | Real-Time Streaming",
      url: guide + "ios-publish-subscribe.html", section: section, quote: quote)
  }

  static func iosStageStrategy(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVSStageStrategy | Amazon IVS iOS Broadcast SDK reference 1.36.0",
      url:
        "https://aws.github.io/amazon-ivs-broadcast-docs/1.36.0/ios/Protocols/IVSStageStrategy.html",
      section: section, quote: quote)
  }

  /// The first iOS reference with `participantMetadataDidUpdate` (1.36.0's renderer has none).
  static func iosStageRenderer(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVSStageRenderer | Amazon IVS iOS Broadcast SDK reference 1.37.0",
      url:
        "https://aws.github.io/amazon-ivs-broadcast-docs/1.37.0/ios/Protocols/IVSStageRenderer.html",
      section: section, quote: quote)
  }

  static func androidStageRenderer(_ section: String, _ quote: String) -> Source {
    Source(
      title: "StageRenderer | Amazon IVS Android Broadcast SDK reference 1.38.0",
      url: "https://aws.github.io/amazon-ivs-broadcast-docs/1.38.0/android/com/amazonaws/ivs/"
        + "broadcast/StageRenderer.html",
      section: section, quote: quote)
  }

  static func createParticipantToken(_ section: String, _ quote: String) -> Source {
    Source(
      title: "CreateParticipantToken | IVS Real-Time Streaming API Reference",
      url: api + "API_CreateParticipantToken.html", section: section, quote: quote)
  }

  static func participantToken(_ section: String, _ quote: String) -> Source {
    Source(
      title: "ParticipantToken | IVS Real-Time Streaming API Reference",
      url: api + "API_ParticipantToken.html", section: section, quote: quote)
  }

  static func apiEvent(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Event | IVS Real-Time Streaming API Reference", url: api + "API_Event.html",
      section: section, quote: quote)
  }

  static func gridConfiguration(_ section: String, _ quote: String) -> Source {
    Source(
      title: "GridConfiguration | IVS Real-Time Streaming API Reference",
      url: api + "API_GridConfiguration.html", section: section, quote: quote)
  }

  static func pipConfiguration(_ section: String, _ quote: String) -> Source {
    Source(
      title: "PipConfiguration | IVS Real-Time Streaming API Reference",
      url: api + "API_PipConfiguration.html", section: section, quote: quote)
  }

  static func compositionGettingStarted(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Getting Started with IVS Server-Side Composition | Real-Time Streaming",
      url: guide + "ssc-getting-started.html", section: section, quote: quote)
  }

  static func customParticipantOrdering(_ section: String, _ quote: String) -> Source {
    Source(
      title: "Custom Participant Ordering | Real-Time Streaming",
      url: guide + "ssc-getting-started-custom-participant-ordering.html", section: section,
      quote: quote)
  }

  static func serviceQuotas(_ section: String, _ quote: String) -> Source {
    Source(
      title: "IVS Service Quotas | Real-Time Streaming", url: guide + "service-quotas.html",
      section: section, quote: quote)
  }
}
