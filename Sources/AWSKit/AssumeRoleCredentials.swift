import Synchronization

/// A profile's `role_arn` (botocore's `AssumeRoleProvider`): STS AssumeRole signed with the
/// credentials of `source_profile` (that profile's own providers, or its own role in turn) or
/// of `credential_source` (`Environment`, `Ec2InstanceMetadata`, `EcsContainer`), with
/// `role_session_name`, `external_id`, `duration_seconds` and `mfa_serial` (the code asked for
/// on the terminal). It comes before a profile's static keys, so a profile with both assumes
/// the role, as the AWS CLI does. A profile with `web_identity_token_file` is left to
/// `WebIdentityCredentials`. Credentials got with an MFA code are not fetched again within a
/// run (botocore's `RefreshWithMFAUnsupportedError`): a new code is needed.
public final class AssumeRoleCredentials: CredentialProvider {
  /// The profile whose role is assumed.
  public let profile: String
  private let context: CredentialContext
  /// The profiles passed through on the way here, to stop a `source_profile` loop.
  private let visited: [String]
  /// Whether an MFA code was already used in this run.
  private let askedForCode = Mutex(false)

  /// The names `credential_source` may take (compared without case, as botocore does).
  static let credentialSources = ["Environment", "Ec2InstanceMetadata", "EcsContainer"]

  /// Assumes `profile`'s role in `context`; `visited` holds the profiles that led here.
  public init(profile: String, context: CredentialContext, visited: [String] = []) {
    self.profile = profile
    self.context = context
    self.visited = visited.isEmpty ? [profile] : visited
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { "role_arn of profile \(profile) in \(context.files.configPath)" }

  /// STS gives new credentials each time it is asked.
  public var isRenewable: Bool { true }

  /// The role's credentials, nil when the profile has no `role_arn` (or is a web identity
  /// profile).
  public func credentials() throws(CredentialError) -> Credentials? {
    let config = try context.files.load()
    guard let section = config.profile(profile), Self.assumesRole(section) else { return nil }
    let role = try RoleSettings(section, profile: profile, config: config, visited: visited)
    let source = try sourceCredentials(role, config: config)
    var parameters = [("RoleArn", role.roleArn), ("RoleSessionName", role.sessionName(context.now))]
    if let externalID = role.externalID { parameters.append(("ExternalId", externalID)) }
    if let serial = role.mfaSerial {
      parameters += [("SerialNumber", serial), ("TokenCode", try mfaCode(serial))]
    }
    if let duration = role.durationSeconds { parameters.append(("DurationSeconds", "\(duration)")) }
    let label = "assume role \(role.roleArn) (profile \(profile)) with \(source.source)"
    let sts = try context.sts()
    do {
      return try sts.assumeRole(parameters, signedWith: source, source: label)
    } catch {
      throw .refused(source: "AssumeRole for profile \(profile) (role_arn)", error: error)
    }
  }

  /// A profile botocore assumes a role for: `role_arn`, and no `web_identity_token_file`.
  static func assumesRole(_ section: [String: String]) -> Bool {
    section["role_arn"] != nil && section["web_identity_token_file"] == nil
  }

  /// A profile with static keys (either half): it is its own source.
  static func hasStaticKeys(_ section: [String: String]) -> Bool {
    section["aws_access_key_id"] != nil || section["aws_secret_access_key"] != nil
  }

  private func mfaCode(_ serial: String) throws(CredentialError) -> String {
    let alreadyAsked = askedForCode.withLock { asked in
      defer { asked = true }
      return asked
    }
    if alreadyAsked { throw .mfaRefreshNeeded(profile: profile, serial: serial) }
    guard let code = context.askSecretly("Enter MFA code for \(serial): "), !code.isEmpty else {
      throw .mfaCodeUnavailable(profile: profile, serial: serial)
    }
    return code
  }

  private func sourceCredentials(_ role: RoleSettings, config: SharedConfig)
    throws(CredentialError) -> Credentials
  {
    switch role.source {
    case .credentialSource(let name):
      let provider: any CredentialProvider
      switch name.lowercased() {
      case "environment": provider = EnvironmentCredentials(context.environment)
      case "ec2instancemetadata":
        provider = InstanceMetadataCredentials(context: context, profile: visited[0])
      default: provider = ContainerCredentials(context: context)
      }
      guard let found = try provider.credentials() else {
        throw .invalidProfile(
          profile: profile, key: "credential_source",
          problem: "\(name) has no credentials (\(provider.name))")
      }
      return found
    case .sourceProfile(let name):
      guard let section = config.profile(name) else {
        throw .invalidProfile(
          profile: profile, key: "source_profile", problem: "profile \(name) does not exist")
      }
      if Self.hasStaticKeys(section) || !Self.assumesRole(section) {
        let chain = CredentialChain(
          DefaultCredentialChain.profileProviders(
            profile: name, context: context, environment: .ignored))
        guard let found = try chain.credentials() else {
          throw .invalidProfile(
            profile: profile, key: "source_profile",
            problem: "profile \(name) has no credentials (looked in: \(chain.name))")
        }
        return found
      }
      let next = AssumeRoleCredentials(profile: name, context: context, visited: visited + [name])
      guard let found = try next.credentials() else {
        throw .invalidProfile(
          profile: profile, key: "source_profile", problem: "profile \(name) has no credentials")
      }
      return found
    }
  }
}

/// A role profile's settings, checked as botocore's `_get_role_config` checks them.
struct RoleSettings {
  /// Where the credentials that sign AssumeRole come from.
  enum Source: Equatable {
    case sourceProfile(String)
    case credentialSource(String)
  }

  let roleArn: String
  let source: Source
  let externalID: String?
  let mfaSerial: String?
  let sessionNameSetting: String?
  let durationSeconds: Int?

  init(
    _ section: [String: String], profile: String, config: SharedConfig, visited: [String]
  ) throws(CredentialError) {
    roleArn = section["role_arn"] ?? ""
    externalID = section["external_id"]
    mfaSerial = section["mfa_serial"]
    sessionNameSetting = section["role_session_name"]
    // botocore leaves a duration that is not a number out of the request.
    durationSeconds = section["duration_seconds"].flatMap { Int($0) }
    switch (section["source_profile"], section["credential_source"]) {
    case (.some, .some):
      throw .invalidProfile(
        profile: profile, key: "source_profile",
        problem: "the profile has both source_profile and credential_source; keep one")
    case (nil, nil):
      throw .invalidProfile(
        profile: profile, key: "role_arn",
        problem: "a role needs source_profile or credential_source to sign AssumeRole")
    case (nil, let name?):
      guard AssumeRoleCredentials.credentialSources.contains(where: { $0.lowercased() == name.lowercased() })
      else {
        throw .invalidProfile(
          profile: profile, key: "credential_source",
          problem: "\(name) is not one of "
            + AssumeRoleCredentials.credentialSources.joined(separator: ", "))
      }
      source = .credentialSource(name)
    case (let name?, nil):
      source = .sourceProfile(name)
      try Self.checkLoop(from: profile, to: name, config: config, visited: visited)
    }
  }

  /// A `source_profile` seen before is a loop, unless a profile names itself and has static
  /// keys (botocore allows that: the role and the keys that assume it in one profile).
  private static func checkLoop(
    from profile: String, to source: String, config: SharedConfig, visited: [String]
  ) throws(CredentialError) {
    guard visited.contains(source) else { return }
    if source == profile, let section = config.profile(source),
      AssumeRoleCredentials.hasStaticKeys(section)
    {
      return
    }
    throw .invalidProfile(
      profile: profile, key: "source_profile",
      problem: "profiles \((visited + [source]).joined(separator: " → ")) form a loop")
  }

  /// `role_session_name`, else one made from the time as botocore makes one.
  func sessionName(_ now: Int64) -> String { sessionNameSetting ?? "stagemon-session-\(now)" }
}
