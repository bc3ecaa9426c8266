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

  @Test func theBackoffIsCappedAtTwentySeconds() {
    let policy = RetryPolicy(maximumAttempts: 10, jitter: { 0.999 })
    #expect(
      policy.decision(for: Self.service("ThrottlingException", 400), attempt: 8)
        == .retry(after: 20))
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
