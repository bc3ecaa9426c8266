/// boto 2's configuration (botocore's `BotoProvider`): the `[Credentials]` section of
/// `BOTO_CONFIG`, else of `/etc/boto.cfg` and then `~/.boto`.
public struct BotoConfigCredentials: CredentialProvider {
  private let environment: [String: String]

  /// Reads the boto files `environment` points at.
  public init(environment: [String: String]) { self.environment = environment }

  /// The files read, in order.
  var paths: [String] {
    let written = environment["BOTO_CONFIG"].map { [$0] } ?? ["/etc/boto.cfg", "~/.boto"]
    return written.map { HomePath.expand($0, environment: environment) }
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { "boto config " + paths.joined(separator: ", ") }

  /// Keys written in a file stay the same.
  public var isRenewable: Bool { false }

  /// The first file's `[Credentials]` keys, nil when no file has them.
  public func credentials() throws(CredentialError) -> Credentials? {
    for path in paths {
      let sections = try INIFile.sections(atPath: path, limit: ProfileFiles.maximumBytes)
      guard let section = sections.first(where: { $0.name == "Credentials" })?.options,
        let key = section["aws_access_key_id"]
      else { continue }
      guard let secret = section["aws_secret_access_key"] else {
        throw .incompleteProfile(profile: "Credentials", file: path, missing: "aws_secret_access_key")
      }
      return Credentials(
        accessKeyID: key, secretAccessKey: secret, source: "boto config \(path)",
        method: .botoConfig)
    }
    return nil
  }
}
