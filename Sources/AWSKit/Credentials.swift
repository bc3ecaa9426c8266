/// An AWS access key, its secret and (for temporary credentials) a session token. Printing,
/// interpolating or dumping it shows the key ID and where it came from, never the secret or
/// the token, so no log line or error message can leak them.
public struct Credentials: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible,
  CustomReflectable
{
  /// `AKIA…` or `ASIA…`: not secret, it names the key in IAM.
  public let accessKeyID: String
  /// The secret access key.
  public let secretAccessKey: String
  /// The session token of temporary credentials.
  public let sessionToken: String?
  /// When temporary credentials stop working, in seconds since 1970.
  public let expiration: Int64?
  /// Where they were found, e.g. `environment` or `profile dev in ~/.aws/credentials`.
  public let source: String
  /// The kind of source, as botocore names it (`aws configure list` shows it as the type).
  public let method: CredentialMethod

  /// Creates credentials.
  public init(
    accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil,
    expiration: Int64? = nil, source: String, method: CredentialMethod = .explicit
  ) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken
    self.expiration = expiration
    self.source = source
    self.method = method
  }

  /// The access key ID's last four characters behind stars, as `aws configure list` shows it.
  public var maskedAccessKeyID: String { "****" + accessKeyID.suffix(4) }

  /// `access key AKID… from SOURCE (secret redacted)`.
  public var description: String {
    "access key \(accessKeyID) from \(source) (secret redacted)"
  }

  /// The same as `description`.
  public var debugDescription: String { description }

  /// A mirror without the secret or the token, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(self, children: ["accessKeyID": accessKeyID, "source": source], displayStyle: .struct)
  }
}

/// The kinds of credential source, by the names botocore gives them (`METHOD`), which
/// `aws configure list` prints as the access key's type: so `stagemon credentials` and the AWS
/// CLI can be compared word for word.
public enum CredentialMethod: String, Sendable, Equatable, CaseIterable {
  /// Given directly (tests, benchmarks).
  case explicit
  /// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`.
  case environment = "env"
  /// STS AssumeRole for a profile's `role_arn`.
  case assumeRole = "assume-role"
  /// STS AssumeRoleWithWebIdentity.
  case webIdentity = "assume-role-with-web-identity"
  /// IAM Identity Center's GetRoleCredentials.
  case sso
  /// Keys in the credentials file.
  case sharedCredentialsFile = "shared-credentials-file"
  /// A profile's `credential_process`.
  case process = "custom-process"
  /// Keys in the config file.
  case configFile = "config-file"
  /// The old EC2 tools' `AWS_CREDENTIAL_FILE`.
  case ec2CredentialsFile = "ec2-credentials-file"
  /// boto 2's `BOTO_CONFIG`, `/etc/boto.cfg` or `~/.boto`.
  case botoConfig = "boto-config"
  /// The ECS or EKS container credentials endpoint.
  case container = "container-role"
  /// The EC2 instance metadata service.
  case instanceMetadata = "iam-role"
}
