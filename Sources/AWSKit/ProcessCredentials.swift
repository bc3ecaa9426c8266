import Foundation
import InputKit
import JSONKit

/// `credential_process` of a profile: runs the command and reads its JSON (`Version` 1,
/// `AccessKeyId`, `SecretAccessKey`, `SessionToken`, `Expiration`). This is how aws-vault,
/// granted and `aws configure export-credentials` hand credentials over. Each call runs the
/// command; `CredentialCache` keeps the answer until shortly before its `Expiration`.
public struct ProcessCredentials: CredentialProvider {
  /// The files read.
  public let files: ProfileFiles
  /// The profile's name.
  public let profile: String
  /// The largest output accepted from the command.
  static let maximumOutput = 1 << 20

  /// Runs the `credential_process` of `profile` in `files`.
  public init(_ files: ProfileFiles, profile: String) {
    self.files = files
    self.profile = profile
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "credential_process of profile \(profile) in \(files.configPath)"
  }

  /// The command may print new credentials when run again.
  public var isRenewable: Bool { true }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    guard let command = try files.load().value("credential_process", of: profile) else {
      return nil
    }
    return try Self.parse(try run(command), profile: profile)
  }

  private func run(_ command: String) throws(CredentialError) -> [UInt8] {
    let words = ShellWords.split(command)
    guard let first = words.first else {
      throw .process(profile: profile, problem: "empty command")
    }
    // The command runs through /usr/bin/env, which would take a first word `NAME=value` as a
    // variable to set and `-i`/`-S` as its own options; the AWS CLI runs the first word as the
    // program, so such a profile fails there and is refused here (docs/SECURITY.md).
    guard !first.contains("="), !first.hasPrefix("-") else {
      throw .process(
        profile: profile,
        problem: "its first word \(Excerpt.quoted(first)) is not a program to run (the AWS CLI "
          + "would fail to run it too)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = words
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .process(profile: profile, problem: "cannot run \(words[0])")
    }
    let bytes: [UInt8]
    do {
      bytes = try BoundedInput.bytes(
        fromPipe: output.fileHandleForReading.fileDescriptor, named: words[0],
        limit: Self.maximumOutput)
    } catch {
      // SIGKILL, not terminate(): a child started from a thread that blocks SIGTERM inherits
      // the block and would never stop.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let tooLarge = error.problem == .tooLarge(limit: Self.maximumOutput)
      throw .process(
        profile: profile,
        problem: tooLarge ? "printed more than 1 MB" : "its output: \(error.reason)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .process(
        profile: profile,
        problem: "\(words[0]) exited with status \(process.terminationStatus)")
    }
    return bytes
  }

  /// The credentials in a `credential_process` answer.
  static func parse(_ bytes: [UInt8], profile: String) throws(CredentialError) -> Credentials {
    let json: JSON
    do {
      json = try JSONParser.parse(bytes: bytes)
    } catch {
      throw .process(profile: profile, problem: "its output is not JSON (\(error))")
    }
    guard json["Version"]?.integerValue == 1 else {
      throw .process(profile: profile, problem: "its output has no \"Version\": 1")
    }
    guard let key = json["AccessKeyId"]?.stringValue, !key.isEmpty,
      let secret = json["SecretAccessKey"]?.stringValue, !secret.isEmpty
    else {
      throw .process(profile: profile, problem: "its output lacks AccessKeyId or SecretAccessKey")
    }
    var expiration: Int64?
    if let text = json["Expiration"]?.stringValue {
      guard let seconds = WireTime.seconds(text) else {
        throw .process(
          profile: profile, problem: "Expiration \(Excerpt.quoted(text)) is not ISO 8601")
      }
      expiration = Int64(seconds)
    }
    return Credentials(
      accessKeyID: key, secretAccessKey: secret, sessionToken: json["SessionToken"]?.stringValue,
      expiration: expiration, source: "credential_process of profile \(profile)",
      method: .process)
  }
}
