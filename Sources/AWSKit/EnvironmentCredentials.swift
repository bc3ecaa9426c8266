import InputKit

/// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SECURITY_TOKEN` or `AWS_SESSION_TOKEN`, and
/// `AWS_CREDENTIAL_EXPIRATION` (botocore's `EnvProvider`), from an injected environment so tests
/// need no process state. As in botocore, the access key alone decides whether they are
/// configured: a secret without a key is not looked at.
public struct EnvironmentCredentials: CredentialProvider {
  private let environment: [String: String]

  /// Reads `environment` (usually `ProcessInfo.processInfo.environment`).
  public init(_ environment: [String: String]) { self.environment = environment }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "environment variables AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY"
  }

  /// The same variables would give the same keys.
  public var isRenewable: Bool { false }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    guard let key = nonEmpty("AWS_ACCESS_KEY_ID") else { return nil }
    guard let secret = nonEmpty("AWS_SECRET_ACCESS_KEY") else {
      throw .incompleteEnvironment(missing: "AWS_SECRET_ACCESS_KEY")
    }
    var expiration: Int64?
    if let text = nonEmpty("AWS_CREDENTIAL_EXPIRATION") {
      guard let seconds = WireTime.seconds(text) else {
        throw .unavailable(
          source: "AWS_CREDENTIAL_EXPIRATION",
          problem: "\(Excerpt.quoted(text)) is not an ISO 8601 time")
      }
      expiration = Int64(seconds.rounded(.down))
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret,
      sessionToken: nonEmpty("AWS_SECURITY_TOKEN") ?? nonEmpty("AWS_SESSION_TOKEN"),
      expiration: expiration, source: "environment variables", method: .environment)
  }

  private func nonEmpty(_ variable: String) -> String? {
    guard let value = environment[variable], !value.isEmpty else { return nil }
    return value
  }
}
