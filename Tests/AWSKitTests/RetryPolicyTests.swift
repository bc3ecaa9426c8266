import Testing

@testable import AWSKit

struct RetryPolicyTests {
  static let policy = RetryPolicy(jitter: { 0.5 })

  static func service(_ code: String, _ status: Int) -> AWSError {
    .service(code: AWSErrorCode(rawValue: code), message: "", status: status, requestID: nil)
  }

  @Test(arguments: [
    ("ThrottlingException", 400), ("TooManyRequestsException", 429), ("Anything", 429),
    ("InternalServerException", 500), ("BadGateway", 502), ("ServiceUnavailable", 503),
    ("GatewayTimeout", 504),
  ])
  func retryableAnswersAreRetriedWithBackoff(_ code: String, _ status: Int) {
    #expect(Self.policy.decision(for: Self.service(code, status), attempt: 1) == .retry(after: 0.5))
    #expect(Self.policy.decision(for: Self.service(code, status), attempt: 2) == .retry(after: 1))
  }

  @Test func theThirdAttemptIsTheLast() {
    #expect(
      Self.policy.decision(for: Self.service("ThrottlingException", 400), attempt: 3) == .stop)
  }

  @Test(arguments: [
    ("AccessDeniedException", 403), ("ResourceNotFoundException", 404),
    ("ValidationException", 400), ("ExpiredTokenException", 403),
  ])
  func clientMistakesAreNotRetried(_ code: String, _ status: Int) {
    #expect(Self.policy.decision(for: Self.service(code, status), attempt: 1) == .stop)
  }

  /// botocore's `random() * min(2 ** (attempt - 1), 20)`: the cap comes before the jitter, so
  /// late retries stay spread over 0–20 s instead of all waiting 20 s.
  @Test func theBackoffIsCappedAtTwentySeconds() {
    let policy = RetryPolicy(maximumAttempts: 10, jitter: { 0.999 })
    #expect(
      policy.decision(for: Self.service("ThrottlingException", 400), attempt: 8)
        == .retry(after: 0.999 * 20))
  }

  @Test(arguments: [
    ("RequestTimeout", 400), ("RequestTimeoutException", 408), ("PriorRequestNotComplete", 400),
    ("IDPCommunicationError", 400), ("SlowDown", 400), ("RequestLimitExceeded", 400),
    ("LimitExceededException", 400), ("EC2ThrottledException", 400),
  ])
  func theStandardModesTransientAndThrottlingCodesAreRetried(_ code: String, _ status: Int) {
    #expect(Self.policy.decision(for: Self.service(code, status), attempt: 1) == .retry(after: 0.5))
  }

  /// botocore: `max(t, min(retry_after, t + 5))` with `t` the jittered backoff.
  @Test func theServersRetryAfterStretchesTheBackoffByAtMostFiveSeconds() {
    let error = Self.service("ThrottlingException", 400)
    #expect(Self.policy.decision(for: error, attempt: 1, retryAfter: 3) == .retry(after: 3))
    #expect(Self.policy.decision(for: error, attempt: 1, retryAfter: 60) == .retry(after: 5.5))
    #expect(Self.policy.decision(for: error, attempt: 1, retryAfter: 0.1) == .retry(after: 0.5))
    #expect(Self.policy.decision(for: error, attempt: 3, retryAfter: 3) == .stop)
  }

  @Test func aClockSkewAnswerCorrectsTheClock() {
    let error = Self.service("InvalidSignatureException", 403)
    #expect(
      Self.policy.decision(for: error, attempt: 1, clockSkew: 900) == .correctClock(bySeconds: 900))
    #expect(Self.policy.decision(for: error, attempt: 1, clockSkew: 3) == .stop)
    #expect(Self.policy.decision(for: error, attempt: 1, clockSkew: nil) == .stop)
  }

  @Test func lostConnectionsAreRetried() {
    #expect(Self.policy.decision(for: .transport("reset"), attempt: 1) == .retry(after: 0.5))
  }
}
