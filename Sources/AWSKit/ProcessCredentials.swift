import Foundation
import InputKit
import JSONKit

/// `credential_process` of a profile: runs the command and reads its JSON (`Version` 1,
/// `AccessKeyId`, `SecretAccessKey`, `SessionToken`, `Expiration`). This is how SSO
/// (`aws configure export-credentials`), aws-vault and granted hand credentials over. The
/// answer is kept and the command run again only when less than `refreshMargin` seconds
/// remain before `Expiration`, as botocore refreshes — or at once when the service says they
/// expired (`renew`).
public final class ProcessCredentials: CredentialProvider, @unchecked Sendable {
  /// The files and profile read.
  public let files: ProfileFiles
  /// Seconds before expiry at which the command is run again.
  public static let refreshMargin: Int64 = 600
  /// The largest output accepted from the command.
  static let maximumOutput = 1 << 20
  private let now: @Sendable () -> Int64
  private let lock = NSLock()
  private var cached: Credentials?

  /// Reads the profile of `files`; `now` gives the time in seconds since 1970.
  public init(_ files: ProfileFiles, now: @escaping @Sendable () -> Int64) {
    self.files = files
    self.now = now
  }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "credential_process of profile \(files.profile) in \(files.configPath)"
  }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    lock.lock()
    defer { lock.unlock() }
    if let cached, let expiration = cached.expiration {
      // The expiry is the command's output: a far-off or far-past one must not overflow.
      let (left, overflow) = expiration.subtractingReportingOverflow(now())
      if !overflow, left > Self.refreshMargin { return cached }
    } else if let cached {
      return cached
    }
    guard let command = try configuredCommand() else { return nil }
    let found = try Self.parse(try run(command), profile: files.profile)
    cached = found
    return found
  }

  /// Forgets the kept answer, so the command runs again; whether there was one.
  public func renew() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let kept = cached != nil
    cached = nil
    return kept
  }

  private func configuredCommand() throws(CredentialError) -> String? {
    var section = try files.configSection()
    if section?["credential_process"] == nil { section = try files.credentialsSection() }
    guard let command = section?["credential_process"], !command.isEmpty else { return nil }
    return command
  }

  private func run(_ command: String) throws(CredentialError) -> [UInt8] {
    let words = ShellWords.split(command)
    guard !words.isEmpty else { throw .process(profile: files.profile, problem: "empty command") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = words
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .process(profile: files.profile, problem: "cannot run \(words[0])")
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
        profile: files.profile,
        problem: tooLarge ? "printed more than 1 MB" : "its output: \(error.reason)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .process(
        profile: files.profile,
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
      expiration: expiration, source: "credential_process of profile \(profile)")
  }
}

/// Splits a command line into words as a POSIX shell would for quotes and backslashes (no
/// variables or globbing), as botocore splits `credential_process`.
enum ShellWords {
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      if character == "\\", quote != "'" {
        escaped = true
        inWord = true
        continue
      }
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
        continue
      }
      if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
