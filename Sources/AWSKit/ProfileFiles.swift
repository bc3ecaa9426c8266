/// The AWS CLI's two INI files: `AWS_SHARED_CREDENTIALS_FILE` (default `~/.aws/credentials`,
/// sections `[NAME]`) and `AWS_CONFIG_FILE` (default `~/.aws/config`, sections
/// `[profile NAME]`, `[default]` and `[sso-session NAME]`). They are read afresh each time
/// credentials are looked up, as botocore reads them once per session.
public struct ProfileFiles: Sendable, Equatable {
  /// The credentials file's path.
  public let credentialsPath: String
  /// The config file's path.
  public let configPath: String

  /// The largest credentials or config file read.
  static let maximumBytes = 1 << 20

  /// The files the AWS CLI reads in `environment` (`~` and `$VARIABLE` expanded, as botocore
  /// expands them).
  public init(environment: [String: String]) {
    func path(_ variable: String, _ fallback: String) -> String {
      let value = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
      return HomePath.expand(value, environment: environment)
    }
    credentialsPath = path("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials")
    configPath = path("AWS_CONFIG_FILE", "~/.aws/config")
  }

  /// Both files, read now.
  public func load() throws(CredentialError) -> SharedConfig {
    let config = try INIFile.sections(atPath: configPath, limit: Self.maximumBytes)
    let credentials = try INIFile.sections(atPath: credentialsPath, limit: Self.maximumBytes)
    return SharedConfig(files: self, config: config, credentials: credentials)
  }
}

/// The profiles of both files as botocore sees them (`Session.full_config`): a config-file
/// profile with the same credentials-file section's keys laid over it, so a profile may take
/// `role_arn` from one file and keys from the other.
public struct SharedConfig: Sendable, Equatable {
  /// Where the profiles were read.
  public let files: ProfileFiles
  /// The config file's profiles by name.
  let configProfiles: [String: [String: String]]
  /// The credentials file's sections by name.
  let credentialsProfiles: [String: [String: String]]
  /// The config file's `[sso-session NAME]` sections by name.
  let ssoSessions: [String: [String: String]]

  init(files: ProfileFiles, config: [INIFile.Section], credentials: [INIFile.Section]) {
    self.files = files
    var profiles: [String: [String: String]] = [:]
    var sessions: [String: [String: String]] = [:]
    for section in config {
      // botocore splits the header as a shell would: `[profile "my name"]` names `my name`.
      let words = ShellWords.split(section.name)
      if section.name == "default" {
        profiles["default"] = section.options
      } else if words.count == 2, words[0] == "profile" {
        profiles[words[1]] = section.options
      } else if words.count == 2, words[0] == "sso-session" {
        sessions[words[1]] = section.options
      }
    }
    configProfiles = profiles
    ssoSessions = sessions
    credentialsProfiles = Dictionary(
      credentials.map { ($0.name, $0.options) }, uniquingKeysWith: { _, last in last })
  }

  /// The profile's keys, the credentials file's over the config file's; nil when neither
  /// file has it.
  public func profile(_ name: String) -> [String: String]? {
    switch (configProfiles[name], credentialsProfiles[name]) {
    case (nil, nil): return nil
    case (let config, let credentials):
      return (config ?? [:]).merging(credentials ?? [:]) { _, fromCredentials in fromCredentials }
    }
  }

  /// One key of a profile, nil when absent (an empty value counts as absent).
  func value(_ key: String, of profile: String) -> String? {
    guard let value = self.profile(profile)?[key], !value.isEmpty else { return nil }
    return value
  }

  /// Throws when `choice` names a profile neither file has (the AWS CLI refuses to run then,
  /// even with keys in the environment).
  public func require(_ choice: ProfileChoice) throws(CredentialError) {
    guard choice.isNamed, profile(choice.name) == nil else { return }
    throw .noSuchProfile(profile: choice.name, files: [files.credentialsPath, files.configPath])
  }
}

/// Which profile credentials come from, and who chose it: `--profile`, else
/// `AWS_DEFAULT_PROFILE`, else `AWS_PROFILE` (botocore's order), else `default`.
public struct ProfileChoice: Sendable, Equatable {
  /// Who named the profile.
  public enum Origin: Sendable, Equatable {
    /// `--profile NAME`: the environment's keys are then skipped, as the AWS CLI skips them.
    case option
    /// A variable (`AWS_PROFILE`).
    case variable(String)
    /// Nobody: the profile `default`.
    case fallback
  }

  /// The profile's name.
  public let name: String
  /// Who named it.
  public let origin: Origin

  /// The choice for `option` (`--profile`) in `environment`. An empty variable counts as unset.
  public init(option: String?, environment: [String: String]) {
    if let option {
      name = option
      origin = .option
      return
    }
    for variable in ["AWS_DEFAULT_PROFILE", "AWS_PROFILE"] {
      if let value = environment[variable], !value.isEmpty {
        name = value
        origin = .variable(variable)
        return
      }
    }
    name = "default"
    origin = .fallback
  }

  /// Whether the profile was named, so it must exist.
  public var isNamed: Bool { origin != .fallback }

  /// `dev (--profile)`, `dev (AWS_PROFILE)` or `default`.
  public var description: String {
    switch origin {
    case .option: return "\(name) (--profile)"
    case .variable(let variable): return "\(name) (\(variable))"
    case .fallback: return name
    }
  }
}

/// `~` and `$VARIABLE` in a path from the environment or a profile, expanded as Python's
/// `os.path.expandvars` and `expanduser` expand them (an unknown variable stays as written).
enum HomePath {
  static func expand(_ path: String, environment: [String: String]) -> String {
    let expanded = variables(in: path, environment: environment)
    guard expanded == "~" || expanded.hasPrefix("~/") else { return expanded }
    return (environment["HOME"] ?? "") + expanded.dropFirst()
  }

  private static func variables(in path: String, environment: [String: String]) -> String {
    guard path.contains("$") else { return path }
    var result = ""
    var rest = Substring(path)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest[rest.index(after: dollar)...]
      let braced = after.first == "{"
      let nameStart = braced ? after.index(after: after.startIndex) : after.startIndex
      let name = after[nameStart...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      let nameEnd = name.endIndex
      let closed = !braced || (nameEnd < after.endIndex && after[nameEnd] == "}")
      guard !name.isEmpty, closed, let value = environment[String(name)] else {
        result += "$"
        rest = after
        continue
      }
      result += value
      rest = after[(braced ? after.index(after: nameEnd) : nameEnd)...]
    }
    return result + rest
  }
}
