/// Where a rule holds: which SDKs (platforms and a release range each) and which service dates.
///
/// A rule about the service alone (a quota, a composition) holds for every SDK; a rule about an
/// SDK feature holds from the release that shipped it; a rule IVS changed holds until the day
/// it changed, and its successor from that day.
public struct Scope: Sendable, Equatable {
  /// The SDK ranges it holds for; empty: every SDK (or none is involved).
  public let sdks: [SDKRange]
  /// The first service day it holds, or nil: since IVS real-time streaming exists.
  public let validFrom: ServiceDate?
  /// The first service day it no longer holds, or nil: it still holds.
  public let validUntil: ServiceDate?

  /// Creates a scope.
  public init(sdks: [SDKRange] = [], validFrom: ServiceDate? = nil, validUntil: ServiceDate? = nil)
  {
    self.sdks = sdks
    self.validFrom = validFrom
    self.validUntil = validUntil
  }

  /// Every SDK, every day.
  public static let always = Scope()

  /// Whether it holds on `date` (regardless of SDK).
  public func holds(on date: ServiceDate) -> Bool {
    if let validFrom, date < validFrom { return false }
    if let validUntil, date >= validUntil { return false }
    return true
  }

  /// Whether it holds for `sdk` (regardless of date).
  public func holds(for sdk: SDKProfile) -> Bool {
    sdks.isEmpty || sdks.contains { $0.contains(sdk) }
  }
}

/// Some platforms' releases from one version (inclusive) to another (exclusive).
public struct SDKRange: Sendable, Equatable, CustomStringConvertible {
  /// The platforms.
  public let platforms: [SDKProfile.Platform]
  /// The first release it covers, or nil: every release before `before`.
  public let from: SemanticVersion?
  /// The first release it no longer covers, or nil: every release from `from` on.
  public let before: SemanticVersion?

  /// Creates a range.
  public init(
    _ platforms: [SDKProfile.Platform], from: SemanticVersion? = nil,
    before: SemanticVersion? = nil
  ) {
    self.platforms = platforms
    self.from = from
    self.before = before
  }

  /// Whether `sdk` is one of the platforms and within the releases.
  public func contains(_ sdk: SDKProfile) -> Bool {
    guard platforms.contains(sdk.platform) else { return false }
    if let from, sdk.version < from { return false }
    if let before, sdk.version >= before { return false }
    return true
  }

  /// `ios, android ≥ 1.37.0`, `web < 1.33.0`, `ios 1.30.0–<1.37.0`.
  public var description: String {
    let names = platforms.map(\.rawValue).joined(separator: ", ")
    switch (from, before) {
    case (nil, nil): return names
    case (let from?, nil): return "\(names) ≥ \(from)"
    case (nil, let before?): return "\(names) < \(before)"
    case (let from?, let before?): return "\(names) \(from)–<\(before)"
    }
  }
}
