import InputKit

/// The AWS CLI's two INI files and the profile to read from them: `AWS_SHARED_CREDENTIALS_FILE`
/// (default `~/.aws/credentials`, sections `[NAME]`) and `AWS_CONFIG_FILE` (default
/// `~/.aws/config`, sections `[profile NAME]` and `[default]`).
public struct ProfileFiles: Sendable {
  /// The credentials file's path.
  public let credentialsPath: String
  /// The config file's path.
  public let configPath: String
  /// The profile's name.
  public let profile: String
  /// Whether the profile was named (`--profile`, `AWS_PROFILE`): then it must exist.
  public let isNamed: Bool

  /// The largest credentials or config file read.
  static let maximumBytes = 1 << 20

  /// The files and profile the AWS CLI would use for `profile` (from `--profile`) and
  /// `environment`.
  public init(environment: [String: String], profile: String?) {
    let home = environment["HOME"] ?? ""
    func path(_ variable: String, _ fallback: String) -> String {
      let value = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
      return value.hasPrefix("~/") ? home + value.dropFirst() : value
    }
    credentialsPath = path("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials")
    configPath = path("AWS_CONFIG_FILE", "~/.aws/config")
    let named = profile ?? environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
    self.profile = named ?? "default"
    isNamed = named != nil
  }

  /// The profile's keys in the credentials file, nil when it has no such section.
  func credentialsSection() throws(CredentialError) -> [String: String]? {
    try INIFile.sections(atPath: credentialsPath)[profile]
  }

  /// The profile's keys in the config file, nil when it has no such section.
  func configSection() throws(CredentialError) -> [String: String]? {
    let sections = try INIFile.sections(atPath: configPath)
    if profile == "default", let plain = sections["default"] { return plain }
    return sections["profile \(profile)"]
  }

  /// Throws when the profile was named and neither file has it.
  func requireProfile() throws(CredentialError) {
    guard isNamed, try credentialsSection() == nil, try configSection() == nil else { return }
    throw .noSuchProfile(profile: profile, files: [credentialsPath, configPath])
  }
}

/// A small reader of the AWS CLI's INI dialect: `[section]`, `key = value`, `#`/`;` comments;
/// indented lines (nested settings such as `s3 =`) are skipped. A missing file has no sections.
enum INIFile {
  static func sections(atPath path: String) throws(CredentialError) -> [String: [String: String]] {
    let text: String
    do {
      text = try BoundedInput.text(atPath: path, limit: ProfileFiles.maximumBytes)
    } catch {
      if error.problem == .noSuchFile || error.problem == .empty { return [:] }
      throw .unreadableFile(path: path, reason: error.reason)
    }
    return parse(text)
  }

  static func parse(_ text: String) -> [String: [String: String]] {
    var sections: [String: [String: String]] = [:]
    var current: String?
    for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      if rawLine.first == " " || rawLine.first == "\t" { continue }
      let line = rawLine.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("["), line.hasSuffix("]") {
        let name = String(line.dropFirst().dropLast()).trimmingSpaces
        current = name
        sections[name, default: [:]] = sections[name, default: [:]]
        continue
      }
      guard let section = current, let equals = line.firstIndex(of: "=") else { continue }
      let key = String(line[..<equals]).trimmingSpaces
      let value = String(line[line.index(after: equals)...]).trimmingSpaces
      sections[section, default: [:]][key] = value
    }
    return sections
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" || first == "\r" {
      slice = slice.dropFirst()
    }
    while let last = slice.last, last == " " || last == "\t" || last == "\r" {
      slice = slice.dropLast()
    }
    return String(slice)
  }
}

/// Static keys of a profile: `aws_access_key_id`, `aws_secret_access_key` and
/// `aws_session_token`, in the credentials file first, then the config file.
public struct ProfileCredentials: CredentialProvider {
  /// The files and profile read.
  public let files: ProfileFiles

  /// Reads the profile of `files`.
  public init(_ files: ProfileFiles) { self.files = files }

  /// Where it looks, as the "no credentials" message lists it.
  public var name: String {
    "profile \(files.profile) in \(files.credentialsPath) and \(files.configPath)"
  }

  /// The credentials, nil when none are configured here.
  public func credentials() throws(CredentialError) -> Credentials? {
    try files.requireProfile()
    if let found = try keys(try files.credentialsSection(), file: files.credentialsPath) {
      return found
    }
    return try keys(try files.configSection(), file: files.configPath)
  }

  private func keys(_ section: [String: String]?, file: String) throws(CredentialError)
    -> Credentials?
  {
    guard let section else { return nil }
    let key = section["aws_access_key_id"].flatMap { $0.isEmpty ? nil : $0 }
    let secret = section["aws_secret_access_key"].flatMap { $0.isEmpty ? nil : $0 }
    switch (key, secret) {
    case (nil, nil): return nil
    case (nil, _):
      throw .incompleteProfile(profile: files.profile, file: file, missing: "aws_access_key_id")
    case (_, nil):
      throw .incompleteProfile(profile: files.profile, file: file, missing: "aws_secret_access_key")
    case (let key?, let secret?):
      let token = section["aws_session_token"].flatMap { $0.isEmpty ? nil : $0 }
      return Credentials(
        accessKeyID: key, secretAccessKey: secret, sessionToken: token,
        source: "profile \(files.profile) in \(file)")
    }
  }
}
