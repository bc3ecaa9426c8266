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

  /// Creates credentials.
  public init(
    accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil,
    expiration: Int64? = nil, source: String
  ) {
    self.accessKeyID = accessKeyID
    self.secretAccessKey = secretAccessKey
    self.sessionToken = sessionToken
    self.expiration = expiration
    self.source = source
  }

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

/// Why credentials that were configured could not be used, in words that say where to look.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A credentials or config file exists but cannot be read.
  case unreadableFile(path: String, reason: String)
  /// A profile names an access key without its secret, or the like.
  case incompleteProfile(profile: String, file: String, missing: String)
  /// `--profile NAME` or `AWS_PROFILE` names a profile no file has.
  case noSuchProfile(profile: String, files: [String])
  /// `credential_process` failed or printed something unusable.
  case process(profile: String, problem: String)
  /// Only one of `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` is set.
  case incompleteEnvironment(missing: String)
  /// No provider had credentials: each one's name, in the order asked.
  case notFound(tried: [String])

  /// The message, naming the file, profile or variable concerned.
  public var description: String {
    switch self {
    case .unreadableFile(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .incompleteProfile(let profile, let file, let missing):
      return "profile \(profile) in \(file) has no \(missing)"
    case .noSuchProfile(let profile, let files):
      return "no profile named \(profile) in \(files.joined(separator: " or "))"
    case .process(let profile, let problem):
      return "credential_process of profile \(profile): \(problem)"
    case .incompleteEnvironment(let missing):
      return "\(missing) is not set (the other half of the environment's access key is)"
    case .notFound(let tried):
      return "no AWS credentials found; looked in: " + tried.joined(separator: "; ")
        + ". Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --profile NAME "
        + "(see docs/LIVE.md for SSO and role profiles through credential_process)"
    }
  }
}
