/// Static keys of a profile — `aws_access_key_id`, `aws_secret_access_key` and
/// `aws_security_token` or `aws_session_token` — in one of the two files. botocore asks the
/// credentials file (`SharedCredentialProvider`) before a profile's `credential_process` and
/// the config file (`ConfigProvider`) after it, so each file is its own provider.
public struct ProfileKeys: CredentialProvider {
  /// Which file is read.
  public enum File: Sendable, Equatable {
    /// `AWS_SHARED_CREDENTIALS_FILE`, sections `[NAME]`.
    case credentials
    /// `AWS_CONFIG_FILE`, sections `[profile NAME]`.
    case config
  }

  /// The files read.
  public let files: ProfileFiles
  /// The profile's name.
  public let profile: String
  /// Which of the two files this provider reads.
  public let file: File

  /// Reads `profile`'s keys in `file` of `files`.
  public init(_ files: ProfileFiles, profile: String, file: File) {
    self.files = files
    self.profile = profile
    self.file = file
  }

  private var path: String { file == .credentials ? files.credentialsPath : files.configPath }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { "profile \(profile) in \(path)" }

  /// Keys written in a file stay the same.
  public var isRenewable: Bool { false }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    let config = try files.load()
    let section =
      file == .credentials ? config.credentialsProfiles[profile] : config.configProfiles[profile]
    guard let section, let key = section["aws_access_key_id"] else { return nil }
    guard let secret = section["aws_secret_access_key"] else {
      throw .incompleteProfile(profile: profile, file: path, missing: "aws_secret_access_key")
    }
    let token = (section["aws_security_token"] ?? section["aws_session_token"])
      .flatMap { $0.isEmpty ? nil : $0 }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: token,
      source: "profile \(profile) in \(path)",
      method: file == .credentials ? .sharedCredentialsFile : .configFile)
  }
}
