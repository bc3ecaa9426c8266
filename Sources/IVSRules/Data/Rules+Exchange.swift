/// `exchangeToken`: which SDKs have it, what the SDK and the service check, what an accepted
/// exchange changes.
extension RuleBook {
  static let exchangeRules: [Rule] = [
    Rule(
      .exchangeAvailableMobile,
      "iOS and Android broadcast SDKs have exchangeToken from release 1.37.0.",
      basis: .documented(
        Page.tokenExchangeGerman(
          "Sichtbarkeitsstatus",
          "Allerdings erhalten nur mobile SDKs v1.37.0+ die Benachrichtigung."
        )),
      scope: Scope(sdks: [Releases.mobileWithExchange])),
    Rule(
      .exchangeAvailableWeb,
      "The Web broadcast SDK has exchangeToken from release 1.33.0.",
      basis: .documented(
        Page.tokenExchange(
          "Introduction", "Token exchange is supported in both the mobile and web broadcast SDKs.")
      ),
      scope: Scope(sdks: [Releases.webWithExchange])),
    Rule(
      .exchangeUnavailableOlderSDK,
      "Older releases (iOS/Android before 1.37.0, Web before 1.33.0) have no exchangeToken: the "
        + "participant must leave and join again with the new token.",
      basis: .assumption(
        reason: "The documentation names the releases that brought token exchange and none "
          + "before them; stagemon offers no exchange on older profiles and says why."),
      scope: Scope(sdks: Releases.beforeExchange),
      advice: Advice(
        "Upgrade the app to iOS/Android broadcast SDK 1.37.0 or Web 1.33.0 or later to exchange "
          + "tokens without reconnecting.",
        basis: .documented(
          Page.tokenExchange(
            "Introduction",
            "Token exchange is supported in both the mobile and web broadcast SDKs.")))),
    Rule(
      .exchangeRequiresConnection,
      "A client exchanges only while connected; before join or after leaving the SDK rejects the "
        + "exchange at once.",
      basis: .assumption(
        reason: "Every example on the token-exchange page calls exchangeToken after join; the "
          + "page does not say what happens before it.")),
    Rule(
      .exchangeMalformedToken,
      "A new token that does not parse as a participant token is rejected by the SDK before "
        + "anything is sent.",
      basis: .assumption(
        reason: "The SDK compares the tokens' claims before sending; a token that does not parse "
          + "has no claims to compare, so stagemon rejects it at the same step. Web's "
          + "TOKEN_EXCHANGE_REQUEST_INVALID says the token may be malformed, so Web rejects such "
          + "a token; when the SDK checks it, and what mobile does, is not documented.")),
    Rule(
      .exchangeKeyPairOnly,
      "Only key-pair tokens (made on the customer's server) can be exchanged; if either token "
        + "comes from CreateParticipantToken the exchange is rejected.",
      basis: .documented(
        Page.tokenExchange(
          "Limitation",
          "It does not work with tokens created via the CreateParticipantToken API.")),
      advice: Advice(
        "Sign participant tokens on your server with an imported key pair; tokens from "
          + "CreateParticipantToken cannot be exchanged.",
        basis: .documented(
          Page.tokenExchange(
            "Limitation",
            "Token exchange only works with tokens created on your server using a key pair.")))),
    Rule(
      .exchangeImmutableClaims,
      "topic, resource, jti, whip_url and events_url must be identical in both tokens; the SDK "
        + "rejects an exchange that changes any of them at once, naming each one.",
      basis: .documented(
        Page.tokenExchange(
          "Exchanging Tokens",
          "Exchanging a token that modifies an immutable field results in the SDK immediately "
            + "rejecting the exchange."))),
    Rule(
      .exchangeServiceChecks,
      "The service checks the new token as at join (signature by its kid, exp in the future and "
        + "at most 14 days after iat, version and limits) and refuses the exchange otherwise, "
        + "changing nothing.",
      basis: .assumption(
        reason: "The documentation lists no service-side checks for an exchange (Web's "
          + "TOKEN_EXCHANGE_FAILED says only that the server can reject one); stagemon applies "
          + "the join checks, the only ones documented for a token.")),
    Rule(
      .exchangeServiceRejectionWebLeaves,
      "A Web client whose exchange the service refuses leaves the stage with reason "
        + "failed-exchange.",
      basis: .documented(
        Page.webStageLeftReason(
          "FAILED_EXCHANGE",
          "Token exchange failed due to validation error. This is treated as an authorization "
            + "failure and the stage connection is terminated.")),
      scope: Scope(sdks: [SDKRange([.web])])),
    Rule(
      .exchangeServiceRejectionMobileStays,
      "An iOS or Android client whose exchange the service refuses stays connected on its old "
        + "token.",
      basis: .assumption(
        reason: "Web's failed-exchange leave is documented in its reference; the mobile "
          + "references say nothing, and ending the session would be a guess."),
      scope: Scope(sdks: [SDKRange([.ios, .android])])),
    Rule(
      .exchangePublishGained,
      "When an exchange grants publish, the strategy's publish functions are asked, and the app "
        + "decides whether to publish now or wait.",
      basis: .documented(
        Page.tokenExchange(
          "Exchanging Tokens",
          "the stage strategy functions for publishing are invoked, allowing the host "
            + "application to decide if they want to publish right away with the new capability, "
            + "or wait"))),
    Rule(
      .exchangePublishLost,
      "When an exchange removes publish from a publishing participant, it unpublishes at once "
        + "without asking the strategy.",
      basis: .documented(
        Page.tokenExchange(
          "Exchanging Tokens",
          "if the previous token had the publish capability and the new token does not, the "
            + "participant immediately unpublishes without invoking the stage strategy functions "
            + "for publishing")),
      advice: Advice(
        "A PUBLISH_ERROR with INSUFFICIENT_CAPABILITIES after such an exchange means the app "
          + "tried to publish again without the publish capability: publish only while the "
          + "participant's token grants PUBLISH (after exchanging for a token that does).",
        basis: .documented(
          Page.apiEvent(
            "errorCode",
            "INSUFFICIENT_CAPABILITIES — The participant tried to take an action that the "
              + "participant’s token is not allowed to do.")))),
    Rule(
      .exchangeSubscribeGained,
      "When an exchange grants subscribe, shouldSubscribeToParticipant is asked for every remote "
        + "publisher.",
      basis: .documented(
        Page.tokenExchange(
          "Exchanging Tokens",
          "If the capabilities of the new token are different than those of the previous token, "
            + "the new token's capabilities are evaluated immediately."))),
    Rule(
      .exchangeSubscribeLost,
      "When an exchange removes subscribe, every subscription of the participant ends at once.",
      basis: .assumption(
        reason: "The page states the immediate effect for a removed publish capability only; "
          + "stagemon treats subscribe the same way (capabilities are evaluated immediately).")),
    Rule(
      .exchangeSelfEventWeb,
      "The exchanging Web client (1.33.0+) gets STAGE_PARTICIPANT_METADATA_CHANGED for itself "
        + "after every accepted exchange, publishing or not.",
      basis: .documented(
        Page.webStageEvents(
          "STAGE_PARTICIPANT_METADATA_CHANGED",
          "Fires for local participant after successful token exchange")),
      scope: Scope(sdks: [SDKRange([.web])])),
    Rule(
      .exchangeSelfEventMobile,
      "The exchanging iOS or Android client gets no metadata event about itself.",
      basis: .assumption(
        reason: "The mobile pages describe the event for remote participants only; Web documents "
          + "its local event, the mobile SDKs do not. (The iOS 1.37.0 reference says the updated "
          + "participant shares its participantId and isLocal value with an existing one, which "
          + "leaves a local update open.)"),
      scope: Scope(sdks: [SDKRange([.ios, .android])])),
  ]
}
