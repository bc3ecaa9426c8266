/// When a composition notices attribute changes made by token exchange (SPEC §4).
public enum CompositionUpdates: String, Sendable, CaseIterable {
  /// Attributes as of the participant's last publish start: the layout moves on republish or
  /// reconnect (IVS until 2026-04-16).
  case onReconnect = "on-reconnect"
  /// Every accepted exchange moves the layout at once (IVS from 2026-04-16).
  case live
}

/// The questions the model asks the book. Each answer belongs to the rule that gives it.
extension Question where Outcome == Bool {
  /// Whether the SDK has `exchangeToken`.
  public static let hasExchangeToken = Question(
    "has exchangeToken",
    (.exchangeAvailableMobile, true), (.exchangeAvailableWeb, true),
    (.exchangeUnavailableOlderSDK, false))

  /// Whether an observer on the SDK sees a publishing participant's new metadata at once.
  public static let hasMetadataEvent = Question(
    "sees new metadata at once",
    (.visibilityMetadataEventMobile, true), (.visibilityMetadataEventWeb, true),
    (.visibilityRepublishOnly, false))

  /// Whether the exchanging client gets the metadata event about itself.
  public static let hasSelfMetadataEvent = Question(
    "tells the exchanging client itself",
    (.exchangeSelfEventWeb, true), (.exchangeSelfEventMobile, false))

  /// Whether a client leaves the stage when the service refuses its exchange.
  public static let leavesOnRefusedExchange = Question(
    "leaves when the service refuses an exchange",
    (.exchangeServiceRejectionWebLeaves, true), (.exchangeServiceRejectionMobileStays, false))
}

extension Question where Outcome == CompositionUpdates {
  /// When a running composition notices an exchange, by the day.
  public static let compositionUpdates = Question(
    "when a composition follows an exchange",
    (.compositionLayoutOnReconnect, .onReconnect), (.compositionLayoutLive, .live))
}

extension Question where Outcome == Int {
  /// Participants publishing to a stage at once.
  public static let publishersPerStage = Question(
    "publishers per stage", rule: .capacityPublishers, outcome: 12)
  /// Participants subscribing to a stage at once.
  public static let subscribersPerStage = Question(
    "subscribers per stage", rule: .capacitySubscribers, outcome: 10_000)
  /// Compositions running at once.
  public static let compositionsPerStage = Question(
    "compositions at once", rule: .compositionLimit, outcome: 5)
  /// Public keys imported per region.
  public static let publicKeysPerRegion = Question(
    "public keys per region", rule: .keysPerRegion, outcome: 3)
  /// The longest a token may live, in seconds (`exp - iat`).
  public static let maximumTokenLifetime = Question(
    "longest token lifetime (s)", rule: .tokenMaximumLifetime, outcome: 14 * 86_400)
}

extension Question where Outcome == [String] {
  /// The claims an exchange may not change, in the documentation's order.
  public static let immutableClaims = Question(
    "immutable claims", rule: .exchangeImmutableClaims,
    outcome: ["topic", "resource", "jti", "whip_url", "events_url"])
}

extension Question where Outcome == SDKErrorCode {
  /// The code the SDK reports to its app for `errorCase`, by platform.
  public static func errorCode(_ errorCase: SDKErrorCode.Case) -> Question {
    let codes: (mobile: Int, web: Int, webName: String) =
      switch errorCase {
      case .tokenMalformed: (1000, 1, "TOKEN_MALFORMED")
      case .tokenExpired: (1001, 2, "TOKEN_EXPIRED")
      case .tokenNotAllowed: (1026, 8, "TOKEN_NOT_ALLOWED")
      case .stageAtCapacity: (1024, 6, "STAGE_AT_CAPACITY")
      case .exchangeRequestInvalid: (1000, 11, "TOKEN_EXCHANGE_REQUEST_INVALID")
      case .exchangeFailed: (1026, 12, "TOKEN_EXCHANGE_FAILED")
      }
    let mobile = SDKErrorCode(number: codes.mobile)
    let web = SDKErrorCode(number: codes.web, name: codes.webName)
    switch errorCase {
    case .exchangeRequestInvalid, .exchangeFailed:
      return Question(
        "exchange error code", (.errorCodeExchangeMobile, mobile), (.errorCodeExchangeWeb, web))
    case .stageAtCapacity:
      return Question(
        "error code", (.errorCodeCapacityMobile, mobile), (.errorCodeWeb, web))
    case .tokenMalformed, .tokenExpired, .tokenNotAllowed:
      return Question(
        "error code", (.errorCodeIOS, mobile), (.errorCodeAndroid, mobile), (.errorCodeWeb, web))
    }
  }
}
