/// Why credentials that were configured could not be used, in words that say where to look
/// and what to do.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A credentials or config file exists but cannot be read.
  case unreadableFile(path: String, reason: String)
  /// A profile names an access key without its secret, or the like.
  case incompleteProfile(profile: String, file: String, missing: String)
  /// `--profile NAME` or `AWS_PROFILE` names a profile no file has.
  case noSuchProfile(profile: String, files: [String])
  /// A profile's key (`role_arn`, `credential_source`, `sso_session`…) cannot be followed:
  /// stagemon stops rather than use other credentials than the AWS CLI would.
  case invalidProfile(profile: String, key: String, problem: String)
  /// `credential_process` failed or printed something unusable.
  case process(profile: String, problem: String)
  /// Only one of `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` is set.
  case incompleteEnvironment(missing: String)
  /// A service that hands out credentials (STS, IAM Identity Center) refused.
  indirect case refused(source: String, error: AWSError)
  /// A metadata endpoint (container, EC2) or its answer was unusable.
  case unavailable(source: String, problem: String)
  /// A file the configuration names (a web identity token, a container token) is unreadable.
  case unreadableToken(path: String, variable: String, reason: String)
  /// The IAM Identity Center token is missing or expired: `aws sso login` renews it.
  case ssoLoginNeeded(profile: String, problem: String)
  /// A role needs an MFA code and none was given (no terminal, cancelled, or empty).
  case mfaCodeUnavailable(profile: String, serial: String)
  /// Credentials fetched with an MFA code expired; a new code is needed (botocore does not
  /// ask again within a run either).
  case mfaRefreshNeeded(profile: String, serial: String)
  /// The source gave credentials that had already expired.
  case expired(source: String, at: Int64)
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
    case .invalidProfile(let profile, let key, let problem):
      return "profile \(profile): \(key): \(problem)"
    case .process(let profile, let problem):
      return "credential_process of profile \(profile): \(problem)"
    case .incompleteEnvironment(let missing):
      return "\(missing) is not set (the other half of the environment's access key is)"
    case .refused(let source, let error):
      return "\(source): \(error)"
    case .unavailable(let source, let problem):
      return "\(source): \(problem)"
    case .unreadableToken(let path, let variable, let reason):
      return "cannot read the token file \(path) (\(variable)): \(reason)"
    case .ssoLoginNeeded(let profile, let problem):
      return "profile \(profile): \(problem); run `aws sso login --profile \(profile)`"
    case .mfaCodeUnavailable(let profile, let serial):
      return "profile \(profile) needs an MFA code for \(serial) (mfa_serial) and none was "
        + "given (no terminal to ask on, or the prompt was cancelled); run stagemon in a terminal"
    case .mfaRefreshNeeded(let profile, let serial):
      return "the credentials of profile \(profile) expired and renewing them needs a new MFA "
        + "code for \(serial) (mfa_serial); run the command again"
    case .expired(let source, let at):
      return "\(source): the credentials expired at \(WireTime.text(secondsSince1970: at)); "
        + "renew them and try again"
    case .notFound(let tried):
      return "no AWS credentials found; looked in: " + tried.joined(separator: "; ")
        + ". Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give --profile NAME "
        + "(docs/LIVE.md lists every source, in the AWS CLI's order)"
    }
  }
}
