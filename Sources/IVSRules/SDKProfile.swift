import InputKit

/// A simulated broadcast SDK's platform and release, e.g. `ios@1.37.0`.
///
/// Which features an SDK client has depends on both (SPEC §3, §3.4), as the rule book decides
/// (`RulesInForce.sdkRules(for:)`): support engineers set the customer's exact SDK so the model reproduces what that
/// customer saw, so the profile is a value parsed from and written back to the
/// same text.
public struct SDKProfile: Hashable, Sendable, CustomStringConvertible {
  /// The SDK family; each names its callbacks differently (SPEC §5.1).
  public enum Platform: String, CaseIterable, Hashable, Sendable {
    case ios
    case android
    case web
  }

  /// The platform this client simulates.
  public let platform: Platform
  /// The SDK release this client simulates.
  public let version: SemanticVersion

  /// Creates a profile from its parts.
  public init(platform: Platform, version: SemanticVersion) {
    self.platform = platform
    self.version = version
  }

  /// Parses `platform@major.minor.patch`, e.g. `"android@1.36.0"`.
  public init(parsing text: String) throws(SDKProfileError) {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw SDKProfileError(text: text, reason: "expected platform@version, e.g. ios@1.37.0")
    }
    guard let platform = Platform(rawValue: String(parts[0])) else {
      throw SDKProfileError(
        text: text,
        reason: "unknown platform \(Excerpt.quoted(parts[0])) (expected ios, android or web)")
    }
    guard let version = SemanticVersion(parsing: String(parts[1])) else {
      throw SDKProfileError(
        text: text,
        reason: "bad version \(Excerpt.quoted(parts[1])) (expected major.minor.patch, e.g. 1.37.0)")
    }
    self.init(platform: platform, version: version)
  }

  /// `platform@version`, the form `init(parsing:)` reads.
  public var description: String { "\(platform.rawValue)@\(version)" }
}

/// A `major.minor.patch` release number, ordered numerically so that
/// `1.9.0 < 1.10.0` when deciding which SDK features exist.
public struct SemanticVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Major release.
  public let major: Int
  /// Minor release.
  public let minor: Int
  /// Patch release.
  public let patch: Int

  /// Creates a version from its numbers.
  public init(major: Int, minor: Int, patch: Int) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses exactly three dot-separated decimal numbers; `nil` otherwise.
  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
  }

  /// `major.minor.patch`.
  public var description: String { "\(major).\(minor).\(patch)" }

  /// Numeric order by major, then minor, then patch.
  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}

/// Why an SDK profile text could not be read: names the text and the problem.
public struct SDKProfileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text that was given.
  public let text: String
  /// What is wrong with it.
  public let reason: String

  /// "bad SDK profile "TEXT": REASON".
  public var description: String { "bad SDK profile \(Excerpt.quoted(text)): \(reason)" }
}
