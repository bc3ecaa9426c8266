import AWSKit
import Testing

@testable import IVSLive

/// A request given up after its retries reads as its last failure does, with the attempts, the
/// endpoint and what ended them; it stays a per-participant failure a fetch notes and goes past.
@Suite struct LiveErrorRetriesTests {
  static let throttled = AWSError.service(
    code: .throttling, message: "Rate exceeded", status: 429, requestID: "r-1")

  static func gaveUp(_ limit: GiveUp.Limit, attempts: Int = 3) -> AWSError {
    .gaveUp(
      GiveUp(
        operation: "ListParticipantEvents", endpoint: "https://ivsrealtime.us-west-2.amazonaws.com",
        attempts: attempts, limit: limit, last: throttled))
  }

  static func failure(_ error: AWSError) -> LiveError {
    LiveError(
      operation: "ListParticipantEvents", stageArn: "arn:aws:ivs:us-west-2:1:stage/s",
      sessionId: "st-1", participantId: "p-1", error: error, credentials: nil)
  }

  @Test func throttlingThatOutlastedTheRetriesSaysSoWithTheAttemptsAndTheEndpoint() {
    let text = Self.failure(Self.gaveUp(.attempts)).message
    #expect(text.contains("kept throttling ivs:ListParticipantEvents"), "\(text)")
    #expect(text.contains("Rate exceeded") && text.contains("--max-rps"), "\(text)")
    #expect(
      text.hasSuffix(
        "(3 attempts to https://ivsrealtime.us-west-2.amazonaws.com; the most the standard "
          + "retry mode makes)"), "\(text)")
  }

  @Test(arguments: [GiveUp.Limit.attempts, .retryQuota, .deadline])
  func whatEndedTheRetriesIsNamed(_ limit: GiveUp.Limit) {
    let text = Self.failure(Self.gaveUp(limit, attempts: 1)).message
    let words = ["the most the standard", "retry quota was spent", "command's total time"]
    let named = words.filter { text.contains($0) }
    #expect(named.count == 1, "\(text)")
    #expect(text.contains("1 attempt to"), "\(text)")
  }

  @Test func aParticipantGivenUpOnIsNotedAndTheFetchGoesOn() {
    #expect(Self.failure(Self.gaveUp(.attempts)).isPerParticipant)
    #expect(RetryPolicy.isRetryable(Self.gaveUp(.retryQuota)))
    #expect(Self.gaveUp(.deadline).code == .throttling)
  }
}
