import InputKit

/// Web identity federation, as on EKS (botocore's `AssumeRoleWithWebIdentityProvider`): the
/// token in `AWS_WEB_IDENTITY_TOKEN_FILE` (else the profile's `web_identity_token_file`) is
/// exchanged with STS AssumeRoleWithWebIdentity for `AWS_ROLE_ARN` (else `role_arn`), session
/// `AWS_ROLE_SESSION_NAME` (else `role_session_name`). Each setting's variable wins over the
/// profile's key, unless the environment is ignored (`--profile`, a source profile). The token
/// file is read again at each fetch, since the platform rotates it.
public struct WebIdentityCredentials: CredentialProvider {
  /// The profile read.
  public let profile: String
  private let context: CredentialContext
  private let environment: DefaultCredentialChain.EnvironmentVariables

  /// The largest token file read (service account tokens are a few kilobytes).
  static let maximumTokenBytes = 64 << 10

  /// The settings' profile keys and the variables that win over them.
  static let variables = [
    "web_identity_token_file": "AWS_WEB_IDENTITY_TOKEN_FILE", "role_arn": "AWS_ROLE_ARN",
    "role_session_name": "AWS_ROLE_SESSION_NAME",
  ]

  /// Reads `profile` (and, unless ignored, the environment) of `context`.
  public init(
    profile: String, context: CredentialContext,
    environment: DefaultCredentialChain.EnvironmentVariables
  ) {
    self.profile = profile
    self.context = context
    self.environment = environment
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    let profileKeys = "web_identity_token_file of profile \(profile)"
    return environment == .read ? "AWS_WEB_IDENTITY_TOKEN_FILE, \(profileKeys)" : profileKeys
  }

  /// STS gives new credentials each time it is asked.
  public var isRenewable: Bool { true }

  /// The role's credentials, nil when no token file is configured.
  public func credentials() throws(CredentialError) -> Credentials? {
    let section = try context.files.load().profile(profile) ?? [:]
    func setting(_ key: String) -> (value: String, origin: String)? {
      if environment == .read, let variable = Self.variables[key],
        let value = context.environment[variable]
      {
        return (value, variable)
      }
      return section[key].map { ($0, "\(key) of profile \(profile)") }
    }
    guard let tokenFile = setting("web_identity_token_file"), !tokenFile.value.isEmpty else {
      return nil
    }
    guard let roleArn = setting("role_arn"), !roleArn.value.isEmpty else {
      throw .invalidProfile(
        profile: profile, key: "role_arn",
        problem: "a web identity token (\(tokenFile.origin)) needs a role: set role_arn or "
          + "AWS_ROLE_ARN")
    }
    let token: String
    do {
      token = try BoundedInput.text(atPath: tokenFile.value, limit: Self.maximumTokenBytes)
    } catch {
      throw .unreadableToken(path: tokenFile.value, variable: tokenFile.origin, reason: error.reason)
    }
    let sessionName = setting("role_session_name")?.value ?? "stagemon-session-\(context.now)"
    let parameters = [
      ("RoleArn", roleArn.value), ("RoleSessionName", sessionName), ("WebIdentityToken", token),
    ]
    let sts = try context.sts()
    do {
      return try sts.assumeRoleWithWebIdentity(
        parameters,
        source: "web identity: role \(roleArn.value) with the token in \(tokenFile.value)")
    } catch {
      throw .refused(source: "AssumeRoleWithWebIdentity (\(tokenFile.origin))", error: error)
    }
  }
}
