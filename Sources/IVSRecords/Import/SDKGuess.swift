import StageEngine

/// The SDK profile of a participant the support engineer did not name: what
/// get-participant's `osName` / `browserName` / `sdkVersion` say, else the documented
/// default — the first release with exchangeToken and the metadata event (iOS/Android
/// 1.37.0, Web 1.33.0), on iOS when nothing names the platform.
struct SDKGuess {
  let profile: SDKProfile
  /// Whether any part was guessed (then the import warns).
  let isGuessed: Bool
  /// What it was based on, for the warning.
  let basis: String

  init(_ record: ParticipantRecord?) {
    let platform: SDKProfile.Platform?
    var basis: [String] = []
    if let browser = record?.browserName {
      platform = .web
      basis.append("browserName \(browser)")
    } else if let os = record?.osName?.lowercased(), os.contains("android") {
      platform = .android
      basis.append("osName \(record?.osName ?? "")")
    } else if let os = record?.osName?.lowercased(),
      os.contains("ios") || os.contains("iphone") || os.contains("ipad")
    {
      platform = .ios
      basis.append("osName \(record?.osName ?? "")")
    } else {
      platform = nil
    }
    let version = record?.sdkVersion.flatMap(SemanticVersion.init(parsing:))
    if let version { basis.append("sdkVersion \(version)") }
    let chosen = platform ?? .ios
    profile = SDKProfile(platform: chosen, version: version ?? Self.defaultVersion(chosen))
    isGuessed = platform == nil || version == nil
    self.basis = basis.isEmpty ? "nothing in the records" : basis.joined(separator: ", ")
  }

  static func defaultVersion(_ platform: SDKProfile.Platform) -> SemanticVersion {
    platform == .web
      ? SemanticVersion(major: 1, minor: 33, patch: 0)
      : SemanticVersion(major: 1, minor: 37, patch: 0)
  }
}
