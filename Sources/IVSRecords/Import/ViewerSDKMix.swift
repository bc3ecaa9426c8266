import StageEngine

/// The viewers' SDK mix on a stage too big to read every viewer, estimated from the viewers
/// whose GetParticipant was read: `attach` reads viewers in a seeded random order, so those
/// read so far are a simple random sample (without replacement) of the viewers it found.
/// Each group is the share whose SDK has the metadata event or not (who stays stale after an
/// exchange, as the rule book decides), with a 95 % interval from the normal approximation and
/// the finite-population correction — stated, so "31 % ± 4 %" is never read as a count.
public struct ViewerSDKMix: Sendable, Equatable {
  /// One group's estimated share.
  public struct Share: Sendable, Equatable {
    /// "Web < 1.33", "Android ≥ 1.37", "SDK not stated".
    public let group: String
    /// Viewers of the sample in the group.
    public let count: Int
    /// The estimated share of all the viewers, 0…1.
    public let share: Double
    /// Half the 95 % interval's width, 0…1.
    public let margin: Double
  }

  /// The groups, largest first.
  public let shares: [Share]
  /// Viewers read.
  public let sampled: Int
  /// Viewers found.
  public let viewers: Int

  /// The estimate from the groups of the viewers read (`group(of:)`) out of `viewers`.
  public init(groups: [String], viewers: Int) {
    let n = groups.count
    let population = max(viewers, n)
    sampled = n
    self.viewers = population
    var counts: [String: Int] = [:]
    for group in groups { counts[group, default: 0] += 1 }
    // Finite-population correction: a sample of everyone has no margin.
    let correction =
      population > 1 ? Double(population - n) / Double(population - 1) : 0
    shares = counts.map { group, count in
      let p = Double(count) / Double(max(1, n))
      let margin = n > 0 ? 1.96 * (p * (1 - p) / Double(n) * correction).squareRoot() : 1
      return Share(group: group, count: count, share: p, margin: margin)
    }.sorted { ($0.count, $1.group) > ($1.count, $0.group) }
  }

  /// The group of a viewer whose GetParticipant is `record`: its platform and whether its
  /// release has the metadata event ("Web < 1.33"), or "SDK not stated".
  public static func group(of record: ParticipantRecord) -> String {
    let guess = SDKGuess(record, exchanges: false)
    guard guess.source == .records, let platform = guess.platform else { return "SDK not stated" }
    let first = SDKGuess.defaultVersion(platform)
    let name: String
    switch platform {
    case .web: name = "Web"
    case .ios: name = "iOS"
    case .android: name = "Android"
    }
    let has = RuleBook.ivs.latest.decide(.hasMetadataEvent, for: guess.profile).outcome
    return "\(name) \(has ? "≥" : "<") \(first.major).\(first.minor)"
  }

  /// "Web < 1.33: 31 % ± 4 % of viewers, iOS ≥ 1.37: 69 % ± 4 %, from 400 of 9,812 (a simple
  /// random sample, 95 % interval)"; the three largest groups.
  public var text: String {
    guard sampled > 0 else { return "viewers' SDKs: none read yet of \(viewers)" }
    let groups = shares.prefix(3).enumerated().map { index, share in
      "\(share.group): \(Self.percent(share.share)) % ± \(Self.percent(share.margin)) %"
        + (index == 0 ? " of viewers" : "")
    }
    let more = shares.count > 3 ? " (+\(shares.count - 3) more)" : ""
    return groups.joined(separator: ", ") + more
      + ", from \(Wording.grouped(sampled)) of \(Wording.grouped(viewers)) (a simple random sample, "
      + "95 % interval)"
  }

  private static func percent(_ value: Double) -> Int { Int((value * 100).rounded()) }
}
