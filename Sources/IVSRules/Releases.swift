/// The SDK releases and service days the book's rules turn on, named once.
public enum Releases {
  /// The iOS and Android release that added `exchangeToken` and `participantMetadataUpdated`.
  public static let mobileTokenExchange = SemanticVersion(major: 1, minor: 37, patch: 0)
  /// The Web release that added `exchangeToken` and `STAGE_PARTICIPANT_METADATA_CHANGED`.
  public static let webTokenExchange = SemanticVersion(major: 1, minor: 33, patch: 0)

  /// iOS and Android from the token-exchange release on.
  static let mobileWithExchange = SDKRange([.ios, .android], from: mobileTokenExchange)
  /// Web from the token-exchange release on.
  static let webWithExchange = SDKRange([.web], from: webTokenExchange)
  /// Every release before token exchange, on every platform.
  static let beforeExchange = [
    SDKRange([.ios, .android], before: mobileTokenExchange),
    SDKRange([.web], before: webTokenExchange),
  ]

  /// IVS real-time streaming's first day: the oldest entry of its release notes. A date before
  /// it names no IVS stagemon can tell.
  public static let realTimeLaunch = ServiceDate(checkedYear: 2023, month: 8, day: 7)
  /// The day IVS began moving composition layouts at once after an exchange (and documented
  /// exchange in the Web SDK).
  public static let liveCompositionLayouts = ServiceDate(checkedYear: 2026, month: 4, day: 16)
}
