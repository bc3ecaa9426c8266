import AWSKit
import Testing

@testable import IVSLive

/// An expiry names the source the credentials really came from, and how to renew that one —
/// never another source's remedy.
@Suite struct LiveErrorRenewalTests {
  static func expired(_ method: CredentialMethod?) -> String {
    LiveError(
      operation: "GetStage", stageArn: nil, sessionId: nil, participantId: nil,
      error: .service(code: .expiredToken, message: "", status: 403, requestID: nil),
      credentials: "access key ASIAEXAMPLE from somewhere (secret redacted)", method: method
    ).message
  }

  static let remedies: [CredentialMethod: String] = [
    .environment: "AWS_SESSION_TOKEN", .sso: "aws sso login", .process: "credential_process",
    .assumeRole: "role", .webIdentity: "role", .sharedCredentialsFile: "credentials file",
    .container: "container", .instanceMetadata: "instance metadata",
  ]

  @Test(arguments: Array(remedies.keys.sorted { $0.rawValue < $1.rawValue }))
  func anExpiryNamesTheSourceUsedAndOnlyItsRemedy(_ method: CredentialMethod) throws {
    let text = Self.expired(method)
    let remedy = try #require(Self.remedies[method])
    #expect(text.contains("expired") && text.contains(remedy), "\(text)")
    for (other, otherRemedy) in Self.remedies where otherRemedy != remedy {
      #expect(!text.contains(otherRemedy), "\(method) names \(other)'s remedy: \(text)")
    }
  }

  @Test func anUnknownSourceListsTheUsualRemedies() {
    let text = Self.expired(nil)
    #expect(text.contains("aws sso login") && text.contains("credential_process"), "\(text)")
  }
}
