import StageEngine

/// Where a participant's SDK profile came from: what the report can claim about it.
public enum SDKSource: String, Sendable {
  /// get-participant named the platform and the version.
  case records
  /// The support engineer gave it (`--sdk`).
  case flag
  /// The records named the platform or the version, not both.
  case guessed
  /// Nothing said which SDK it ran.
  case unknown
}

/// The SDK of one participant as the report states it: the profile the model runs, where
/// it came from, and — when nobody stated the version and the answer depends on it —
/// below which release the participant's verdicts as an observer change. A verdict that
/// hangs on a guess is then given as a range, never as fact.
public struct ParticipantSDK: Sendable {
  /// The participant.
  public let id: String
  /// The profile the model runs.
  public let profile: SDKProfile
  /// Where it came from.
  public let source: SDKSource
  /// What it was based on, in words (`osName Android, sdkVersion 1.36.0`).
  public let basis: String
  /// The platform the records or the flag name; nil when nothing does.
  public let platform: SDKProfile.Platform?
  /// Set when its verdicts as an observer depend on a version nobody stated: the
  /// releases from which an observer has the metadata event (`android 1.37.0`); the model
  /// then runs a release below them, and each stale verdict is told as a range.
  public let threshold: String?

  /// The flag that would settle it: `--sdk ID=android@VERSION`.
  public var flag: String { "--sdk \(id)=\(platform?.rawValue ?? "PLATFORM")@VERSION" }

  /// The profile as the report shows it: `android@1.36.0`, `android@(version not stated)`.
  public var shown: String {
    guard threshold != nil else { return profile.description }
    return
      "\(platform?.rawValue ?? "SDK not stated")\(platform == nil ? "" : "@(version not stated)")"
  }
}

/// The SDK profile of a participant the support engineer did not name, from
/// get-participant's `osName` / `browserName` / `sdkVersion`. What is not stated is not
/// made up: when the verdicts depend on it the model runs the pessimistic release (below
/// the metadata event) and the report gives both answers; a participant that exchanged
/// tokens runs the first release that can.
struct SDKGuess {
  let profile: SDKProfile
  let source: SDKSource
  /// What it was based on, for the notes.
  let basis: String
  let platform: SDKProfile.Platform?
  let threshold: String?

  init(_ record: ParticipantRecord?, exchanges: Bool) {
    var basis: [String] = []
    let platform = Self.platform(record, basis: &basis)
    let version = record?.sdkVersion.flatMap(SemanticVersion.init(parsing:))
    if let version { basis.append("sdkVersion \(version)") }
    self.platform = platform
    self.basis = basis.isEmpty ? "nothing in the records" : basis.joined(separator: ", ")
    if let platform, let version {
      profile = SDKProfile(platform: platform, version: version)
      source = .records
      threshold = nil
      return
    }
    source = platform == nil && version == nil ? .unknown : .guessed
    let candidates = (platform.map { [$0] } ?? SDKProfile.Platform.allCases).flatMap { p in
      (version.map { [$0] } ?? [Self.below(p), Self.defaultVersion(p)]).map {
        SDKProfile(platform: p, version: $0)
      }
    }
    let rules = RuleBook.ivs.latest
    let hasEvent = { (sdk: SDKProfile) in rules.decide(.hasMetadataEvent, for: sdk).outcome }
    let lacking = candidates.first { !hasEvent($0) }
    let settled = lacking == nil || candidates.allSatisfy { !hasEvent($0) }
    let chosen = platform ?? .ios
    if exchanges {
      profile = SDKProfile(platform: chosen, version: Self.defaultVersion(chosen))
      threshold = nil
    } else if settled {
      profile =
        candidates.first ?? SDKProfile(platform: chosen, version: Self.defaultVersion(chosen))
      threshold = nil
    } else {
      profile = lacking ?? SDKProfile(platform: chosen, version: Self.below(chosen))
      threshold =
        platform.map { "\($0.rawValue) \(Self.defaultVersion($0))" } ?? "Web 1.33.0 / mobile 1.37.0"
    }
  }

  private static func platform(_ record: ParticipantRecord?, basis: inout [String])
    -> SDKProfile.Platform?
  {
    if let browser = record?.browserName {
      basis.append("browserName \(browser)")
      return .web
    }
    guard let os = record?.osName else { return nil }
    let lower = os.lowercased()
    if lower.contains("android") {
      basis.append("osName \(os)")
      return .android
    }
    if lower.contains("ios") || lower.contains("iphone") || lower.contains("ipad") {
      basis.append("osName \(os)")
      return .ios
    }
    return nil
  }

  /// The first release with exchangeToken and the metadata event (SPEC §3).
  static func defaultVersion(_ platform: SDKProfile.Platform) -> SemanticVersion {
    platform == .web
      ? SemanticVersion(major: 1, minor: 33, patch: 0)
      : SemanticVersion(major: 1, minor: 37, patch: 0)
  }

  /// The last release without them.
  static func below(_ platform: SDKProfile.Platform) -> SemanticVersion {
    platform == .web
      ? SemanticVersion(major: 1, minor: 32, patch: 0)
      : SemanticVersion(major: 1, minor: 36, patch: 0)
  }
}
