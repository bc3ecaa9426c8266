import Glibc
import InputKit

/// The CA certificates a server's certificate is checked against, and where that choice came
/// from, so a failed verification can say what it was checked against. The order is the AWS
/// CLI's (botocore's `ca_bundle`): `--ca-bundle`, then `AWS_CA_BUNDLE`, then the profile's
/// `ca_bundle`, else the system's certificates; a bundle never turns verification off.
public struct CABundle: Sendable, Equatable, CustomStringConvertible {
  /// The PEM file named; nil for the system's certificates (libcurl's built-in CA file).
  public let path: String?
  /// `--ca-bundle`, `AWS_CA_BUNDLE`, `ca_bundle of profile dev in ~/.aws/config`…
  public let origin: String

  /// The system's CA certificates, as libcurl was built to find them.
  public static let system = CABundle(path: nil, origin: "the system")

  /// A bundle at `path`, named by `origin`.
  public init(path: String?, origin: String) {
    self.path = path
    self.origin = origin
  }

  /// The bundle `option` (`--ca-bundle`), the environment or `profile` names, else the
  /// system's; a named file that cannot be read is an error naming where it was named.
  public static func resolve(
    option: String?, environment: [String: String], profile: String, config: SharedConfig
  ) throws(CredentialError) -> CABundle {
    let named: CABundle? =
      if let option {
        CABundle(path: option, origin: "--ca-bundle")
      } else if let value =
        environment["AWS_CA_BUNDLE"], !value.isEmpty
      {
        CABundle(path: value, origin: "AWS_CA_BUNDLE")
      } else if let value = config.value("ca_bundle", of: profile) {
        CABundle(
          path: value, origin: "ca_bundle of profile \(profile) in \(config.files.configPath)")
      } else { nil }
    guard let named, let path = named.path else { return .system }
    guard access(path, R_OK) == 0 else {
      throw .unreadableFile(path: named.description, reason: String(cString: strerror(errno)))
    }
    return named
  }

  /// `the CA bundle "/etc/corp/ca.pem" (AWS_CA_BUNDLE)`, or the system's CA certificates with
  /// the file libcurl reads them from when it says (`systemFile`).
  public func description(systemFile: String?) -> String {
    guard let path else {
      return "the system's CA certificates" + (systemFile.map { " (\($0))" } ?? "")
    }
    return "the CA bundle \"\(TerminalText.safe(path, limit: 300))\" (\(origin))"
  }

  /// As `description(systemFile:)` without the system's file.
  public var description: String { description(systemFile: nil) }
}
