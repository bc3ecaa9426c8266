/// The errors an SDK reports to its app (per platform), and the service's error events.
extension RuleBook {
  static let errorRules: [Rule] = [
    Rule(
      .errorCodeIOS,
      "iOS reports join errors as codes: 1000 malformed token, 1001 expired token, 1026 token "
        + "not allowed (bad signature, unknown key, revoked, another stage).",
      basis: .documented(
        Page.iosErrorHandling(
          "Join Errors: Malformed Token",
          "The SDK throws a Swift exception with error code = 1000 and "
            + "IVSBroadcastErrorIsFatalKey = YES.")),
      scope: Scope(sdks: [SDKRange([.ios])])),
    Rule(
      .errorCodeAndroid,
      "Android reports join errors with the same codes as iOS: 1000, 1001, 1026.",
      basis: .documented(
        Page.androidErrorHandlingGerman(
          "Beitrittsfehler: Fehlerhaft formatiertes Token",
          "Das SDK löst bei einem Aufruf von eine Java-Ausnahme mit dem Fehlercode = 1000 und "
            + "fatal = true aus.")),
      scope: Scope(sdks: [SDKRange([.android])])),
    Rule(
      .errorCodeWeb,
      "Web reports join errors as StageErrorCode: 1 TOKEN_MALFORMED, 2 TOKEN_EXPIRED, 8 "
        + "TOKEN_NOT_ALLOWED, 6 STAGE_AT_CAPACITY.",
      basis: .documented(
        Page.webErrorHandling(
          "Stage Errors",
          "TOKEN_MALFORMED | 1 | Create a valid token and retry instantiating the "
            + "stage.")),
      scope: Scope(sdks: [SDKRange([.web])])),
    Rule(
      .errorCodeCapacityMobile,
      "iOS and Android report a join refused because the stage is full as 1024.",
      basis: .assumption(
        reason: "The current iOS and Android error pages list no code for a full stage; 1024 "
          + "is the code stagemon's domain contract (SPEC §5.3) gives, beside Web's documented "
          + "6 STAGE_AT_CAPACITY."),
      scope: Scope(sdks: [SDKRange([.ios, .android])])),
    Rule(
      .errorCodeExchangeMobile,
      "iOS and Android report an exchange the SDK rejects as 1000 and one the service refuses as "
        + "1026.",
      basis: .assumption(
        reason: "The mobile error pages list no exchange errors; stagemon reuses the join codes "
          + "of the same causes (a malformed request, a token not allowed)."),
      scope: Scope(sdks: [SDKRange([.ios, .android])])),
    Rule(
      .errorCodeExchangeWeb,
      "Web reports an exchange the SDK rejects as 11 TOKEN_EXCHANGE_REQUEST_INVALID and one the "
        + "service refuses as 12 TOKEN_EXCHANGE_FAILED.",
      basis: .documented(
        Page.webStageErrorCodeCurrent(
          "TOKEN_EXCHANGE_FAILED",
          "Token exchange failed due to server error, rejection, or timeout.")),
      scope: Scope(sdks: [SDKRange([.web])])),
    Rule(
      .serverErrorCodes,
      "The service logs a refused publish as PUBLISH_ERROR with errorCode "
        + "INSUFFICIENT_CAPABILITIES (no publish capability) or QUOTA_EXCEEDED (stage at "
        + "capacity), and a refused join that reached it as JOIN_ERROR.",
      basis: .documented(
        Page.apiEvent(
          "errorCode",
          "If the event is an error event, the error code is provided to give insight into the "
            + "specific error that occurred."))),
  ]
}
