import InputKit

/// The old EC2 command-line tools' file (botocore's `OriginalEC2Provider`): when
/// `AWS_CREDENTIAL_FILE` is set, its `AWSAccessKeyId=` and `AWSSecretKey=` lines.
public struct EC2CredentialFile: CredentialProvider {
  private let environment: [String: String]

  /// Reads `AWS_CREDENTIAL_FILE` of `environment`.
  public init(environment: [String: String]) { self.environment = environment }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String { "AWS_CREDENTIAL_FILE" }

  /// Keys written in a file stay the same.
  public var isRenewable: Bool { false }

  /// The file's keys, nil when the variable is unset or the file names no key.
  public func credentials() throws(CredentialError) -> Credentials? {
    guard let variable = environment["AWS_CREDENTIAL_FILE"] else { return nil }
    let path = HomePath.expand(variable, environment: environment)
    let text: String
    do {
      text = try BoundedInput.text(atPath: path, limit: ProfileFiles.maximumBytes)
    } catch {
      throw .unreadableFile(path: path, reason: error.reason)
    }
    var values: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[line[..<equals].trimmingSpaces] = line[line.index(after: equals)...].trimmingSpaces
    }
    guard let key = values["AWSAccessKeyId"] else { return nil }
    guard let secret = values["AWSSecretKey"] else {
      throw .incompleteProfile(profile: "AWS_CREDENTIAL_FILE", file: path, missing: "AWSSecretKey")
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, source: "AWS_CREDENTIAL_FILE \(path)",
      method: .ec2CredentialsFile)
  }
}
