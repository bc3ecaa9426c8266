/// The region a request goes to and where it came from: the stage ARN's (or `--region`) when
/// there is one; else `AWS_REGION`, `AWS_DEFAULT_REGION` and the profile's `region`, in that
/// order (the AWS CLI v2 and SDKs' order; the v1 CLI reads no `AWS_REGION`).
public struct RegionChoice: Sendable, Equatable {
  /// `us-west-2`.
  public let name: String
  /// `the stage ARN`, `--region`, `AWS_REGION`, `profile dev in ~/.aws/config`…
  public let origin: String

  /// A region named by `origin`.
  public init(name: String, origin: String) {
    self.name = name
    self.origin = origin
  }

  /// The region for `explicit` (an ARN's or an option's, when given), else the environment's
  /// or `profile`'s; nil when none names one.
  public static func resolve(
    explicit: RegionChoice?, environment: [String: String], profile: String,
    config: SharedConfig
  ) -> RegionChoice? {
    if let explicit { return explicit }
    for variable in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
      if let value = environment[variable], !value.isEmpty {
        return RegionChoice(name: value, origin: variable)
      }
    }
    guard let value = config.value("region", of: profile) else { return nil }
    return RegionChoice(name: value, origin: "profile \(profile) in \(config.files.configPath)")
  }

  /// Whether `name` looks like a region (`us-west-2`): lower-case letters, digits and dashes,
  /// so it is safe in a host name.
  public var isWellFormed: Bool {
    !name.isEmpty && name.count <= 64
      && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
  }
}
