/// The stable ID of a rule in the book: `area.subject[.variant]`, lower case with dots and
/// dashes, e.g. `visibility.metadata-event.web`.
///
/// An enumeration so that a decision, an event or a verdict holds its rule in a byte, every ID
/// the code names is in the book (the compiler checks it), and the list is `allCases`. IDs are
/// never renamed or reused: scenarios, reports and customers' tickets cite them. A new rule is a
/// new case.
public enum RuleID: String, CaseIterable, Sendable, Comparable, CustomStringConvertible {
  // Tokens and joining
  case tokenValidAtJoin = "token.valid-at-join"
  case tokenMaximumLifetime = "token.max-lifetime"
  case tokenClaimLimits = "token.claim-limits"
  case tokenIVSIssuedTrusted = "token.ivs-issued-trusted"
  case tokenExpiryWhileConnected = "token.expiry-while-connected"
  case joinRevokedParticipant = "join.revoked-participant"
  case joinDeletedStage = "join.deleted-stage"
  case joinAsksPublish = "join.asks-publish"
  case leaveReason = "leave.reason"

  // Token exchange
  case exchangeAvailableMobile = "exchange.available.mobile"
  case exchangeAvailableWeb = "exchange.available.web"
  case exchangeUnavailableOlderSDK = "exchange.unavailable.older-sdk"
  case exchangeRequiresConnection = "exchange.requires-connection"
  case exchangeMalformedToken = "exchange.malformed-token"
  case exchangeKeyPairOnly = "exchange.key-pair-only"
  case exchangeImmutableClaims = "exchange.immutable-claims"
  case exchangeServiceChecks = "exchange.service-checks"
  case exchangeServiceRejectionWebLeaves = "exchange.service-rejection.web-leaves"
  case exchangeServiceRejectionMobileStays = "exchange.service-rejection.mobile-stays"
  case exchangePublishGained = "exchange.publish-gained"
  case exchangePublishLost = "exchange.publish-lost"
  case exchangeSubscribeGained = "exchange.subscribe-gained"
  case exchangeSubscribeLost = "exchange.subscribe-lost"
  case exchangeSelfEventWeb = "exchange.self-event.web"
  case exchangeSelfEventMobile = "exchange.self-event.mobile"

  // Who sees what
  case visibilityPublishersOnly = "visibility.publishers-only"
  case visibilityUnpublishLeaves = "visibility.unpublish-leaves"
  case visibilityNotPublishingHeld = "visibility.not-publishing.held"
  case visibilityMetadataEventMobile = "visibility.metadata-event.mobile"
  case visibilityMetadataEventWeb = "visibility.metadata-event.web"
  case visibilityRepublishOnly = "visibility.republish-only"
  case visibilityLateObserver = "visibility.late-observer"

  // Server-side composition
  case compositionLayoutOnReconnect = "composition.layout.on-reconnect"
  case compositionLayoutLive = "composition.layout.live"
  case compositionPublishersOnly = "composition.publishers-only"
  case compositionFeaturedAttribute = "composition.featured-attribute"
  case compositionPipAttribute = "composition.pip-attribute"
  case compositionOrderAttribute = "composition.order-attribute"
  case compositionStartSeesCurrent = "composition.start-sees-current"
  case compositionLimit = "composition.limit"

  // Errors reported to the app and the service's error events
  case errorCodeIOS = "error-code.ios"
  case errorCodeAndroid = "error-code.android"
  case errorCodeWeb = "error-code.web"
  case errorCodeCapacityMobile = "error-code.capacity.mobile"
  case errorCodeExchangeMobile = "error-code.exchange.mobile"
  case errorCodeExchangeWeb = "error-code.exchange.web"
  case serverErrorCodes = "server.error-codes"

  // Limits
  case capacityPublishers = "capacity.publishers"
  case capacitySubscribers = "capacity.subscribers"
  case capacityJoin = "capacity.join"
  case keysPerRegion = "keys.per-region"

  // Network and media
  case networkDropReconnects = "network.drop-reconnects"
  case networkReconnectRefused = "network.reconnect-refused"
  case muteReachesObservers = "mute.reaches-observers"
  case mutePersists = "mute.persists"

  /// The readable ID.
  public var description: String { rawValue }

  /// Ordered by their readable IDs, as `stagemon rules` lists them.
  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
