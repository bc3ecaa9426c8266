import JSONKit

/// IAM Identity Center (botocore's `SSOProvider`): a profile with `sso_account_id` and
/// `sso_role_name`, signed in through an `sso_session` section or the legacy `sso_start_url`
/// and `sso_region` keys, exchanges the token `aws sso login` cached (`SSOTokenCache`) for the
/// role's credentials with GetRoleCredentials. A missing or expired token says to run
/// `aws sso login --profile NAME`.
public struct SSOCredentials: CredentialProvider {
  /// The profile read.
  public let profile: String
  private let context: CredentialContext

  /// Reads `profile` of `context`.
  public init(profile: String, context: CredentialContext) {
    self.profile = profile
    self.context = context
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { "sso_account_id of profile \(profile) in \(context.files.configPath)" }

  /// GetRoleCredentials gives new credentials each time it is asked.
  public var isRenewable: Bool { true }

  /// The role's credentials, nil when the profile has neither `sso_account_id` nor
  /// `sso_role_name`.
  public func credentials() throws(CredentialError) -> Credentials? {
    let config = try context.files.load()
    guard let section = config.profile(profile),
      section["sso_role_name"] != nil || section["sso_account_id"] != nil
    else { return nil }
    let settings = try resolved(section, config: config)
    let (role, account, region) = (settings.role, settings.account, settings.region)
    let login = settings.login
    let token = try SSOTokenCache(context: context).accessToken(for: login, profile: profile)
    let endpoint = try ConfiguredEndpoint.url(
      serviceID: "SSO", environment: context.environment,
      fallback: "https://portal.sso.\(region).amazonaws.com")
    var request = endpoint.request(
      method: "GET", appending: "/federation/credentials",
      headers: [.init(name: "x-amz-sso_bearer_token", value: token)])
    request.query = [
      .init(name: "role_name", value: role), .init(name: "account_id", value: account),
    ]
    let source = "IAM Identity Center: role \(role) in account \(account) (\(login.description))"
    let response: HTTPResponse
    do {
      response = try context.caller(signingName: "awsssoportal", region: region)
        .send("GetRoleCredentials", request, signing: .unsigned)
    } catch {
      if case .service(let code, _, let status, _) = error,
        code == .other("UnauthorizedException") || status == 401
      {
        throw .ssoLoginNeeded(
          profile: profile, problem: "IAM Identity Center refused the token of \(login.description)"
        )
      }
      switch error {
      case .service, .gaveUp:
        throw .refused(source: "GetRoleCredentials for profile \(profile)", error: error)
      case .transport, .credentials, .decoding, .refused:
        throw .unavailable(source: "GetRoleCredentials", problem: error.description)
      }
    }
    let answer = try CredentialEndpoint.object(response, source: "GetRoleCredentials")
    guard let credentials = answer["roleCredentials"],
      let key = credentials["accessKeyId"]?.stringValue, !key.isEmpty,
      let secret = credentials["secretAccessKey"]?.stringValue, !secret.isEmpty,
      let sessionToken = credentials["sessionToken"]?.stringValue,
      let milliseconds = credentials["expiration"]?.integerValue
    else {
      throw .unavailable(
        source: "GetRoleCredentials", problem: "its answer has no complete roleCredentials")
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: sessionToken,
      expiration: milliseconds / 1000, source: source, method: .sso)
  }

  /// The settings GetRoleCredentials needs.
  private struct Settings {
    let role: String
    let account: String
    let region: String
    let login: SSOLogin
  }

  /// The profile's keys with its `sso_session` section's laid over them, every required key
  /// checked (botocore's `_load_sso_config`).
  private func resolved(_ section: [String: String], config: SharedConfig)
    throws(CredentialError) -> Settings
  {
    var settings = section
    var required = ["sso_role_name", "sso_account_id", "sso_start_url", "sso_region"]
    if let sessionName = section["sso_session"] {
      guard let session = config.ssoSessions[sessionName] else {
        throw .invalidProfile(
          profile: profile, key: "sso_session",
          problem: "there is no [sso-session \(sessionName)] section in \(context.files.configPath)"
        )
      }
      for (key, value) in session.sorted(by: { $0.key < $1.key }) {
        if let own = settings[key], own != value {
          throw .invalidProfile(
            profile: profile, key: key,
            problem: "\(own) differs from sso-session \(sessionName)'s \(value)")
        }
        settings[key] = value
      }
      required.append("sso_session")
    }
    let missing = required.filter { settings[$0] == nil }
    guard missing.isEmpty, let role = settings["sso_role_name"],
      let account = settings["sso_account_id"], let startURL = settings["sso_start_url"],
      let region = settings["sso_region"]
    else {
      throw .invalidProfile(
        profile: profile, key: missing.joined(separator: ", "),
        problem: "a profile using IAM Identity Center needs these keys")
    }
    let login: SSOLogin =
      settings["sso_session"].map { .session(name: $0, startURL: startURL, region: region) }
      ?? .legacy(startURL: startURL)
    return Settings(role: role, account: account, region: region, login: login)
  }
}
