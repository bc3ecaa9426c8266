/// The AWS CLI's default credential chain, in botocore's order (`create_credential_resolver`):
///
/// 1. the environment's keys (skipped when `--profile` names a profile, as the CLI skips them);
/// 2. the profile's `role_arn` (STS AssumeRole);
/// 3. the profile's own providers (`ProfileProviderBuilder`): web identity, IAM Identity
///    Center, keys in the credentials file, `login_session` (refused by name),
///    `credential_process`, keys in the config file;
/// 4. the old EC2 tools' `AWS_CREDENTIAL_FILE` and boto 2's config;
/// 5. the container endpoint; 6. the EC2 instance metadata service.
///
/// The first that has credentials wins; one that is configured but broken stops the chain with
/// an error naming the setting, never falling back to other credentials.
public enum DefaultCredentialChain {
  /// Whether the web identity variables are read (botocore ignores them, as it ignores the
  /// environment's keys, when a profile is named with `--profile` or reached as a source).
  public enum EnvironmentVariables: Sendable, Equatable {
    /// `AWS_WEB_IDENTITY_TOKEN_FILE`, `AWS_ROLE_ARN` and `AWS_ROLE_SESSION_NAME` are read.
    case read
    /// Only the profile's keys are read.
    case ignored
  }

  /// The chain for `profile` in `context`; throws when a named profile is in neither file.
  public static func make(profile: ProfileChoice, context: CredentialContext)
    throws(CredentialError) -> CredentialChain
  {
    try context.files.load().require(profile)
    let named = profile.origin == .option
    var providers: [any CredentialProvider] = []
    if !named { providers.append(EnvironmentCredentials(context.environment)) }
    providers.append(AssumeRoleCredentials(profile: profile.name, context: context))
    providers += profileProviders(
      profile: profile.name, context: context, environment: named ? .ignored : .read)
    providers += [
      EC2CredentialFile(environment: context.environment),
      BotoConfigCredentials(environment: context.environment),
      ContainerCredentials(context: context),
      InstanceMetadataCredentials(context: context, profile: profile.name),
    ]
    return CredentialChain(providers)
  }

  /// A profile's own providers, in botocore's order (`ProfileProviderBuilder.providers`): also
  /// the chain a role's `source_profile` is read through.
  static func profileProviders(
    profile: String, context: CredentialContext, environment: EnvironmentVariables
  ) -> [any CredentialProvider] {
    [
      WebIdentityCredentials(profile: profile, context: context, environment: environment),
      SSOCredentials(profile: profile, context: context),
      ProfileKeys(context.files, profile: profile, file: .credentials),
      LoginSessionRefusal(profile: profile, files: context.files),
      ProcessCredentials(context.files, profile: profile),
      ProfileKeys(context.files, profile: profile, file: .config),
    ]
  }
}

/// A profile's `login_session` (`aws login`, botocore's `LoginProvider`), which stagemon cannot
/// follow: it stops with the key's name and what to use instead, rather than use other
/// credentials than the AWS CLI would.
struct LoginSessionRefusal: CredentialProvider {
  let profile: String
  let files: ProfileFiles

  var name: String { "login_session of profile \(profile) in \(files.configPath)" }
  var isRenewable: Bool { false }

  func credentials() throws(CredentialError) -> Credentials? {
    guard try files.load().profile(profile)?["login_session"] != nil else { return nil }
    throw .invalidProfile(
      profile: profile, key: "login_session",
      problem: "stagemon cannot use `aws login` sessions; give it the same credentials with "
        + "credential_process = aws configure export-credentials --profile \(profile) "
        + "--format process (in another profile)")
  }
}
