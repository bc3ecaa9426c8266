import IVSRules
import Seeded
import StageEngine
import TokenCore

/// Makes random sessions with the stage model from a seed: 2–40 participants on mixed
/// platforms and SDK versions who join (some late), leave, rejoin, exchange tokens while
/// publishing and not (some back to back), republish, drop off the network, meet a
/// composition and make app errors. Time comes only from the model's virtual clock, so a
/// seed always gives the same session.
public enum SessionGenerator {
  /// How big the sessions may get.
  public struct Limits: Sendable {
    /// At most this many participants (at least 2).
    public var participants: Int
    /// At most this many actions after the joins.
    public var actions: Int

    /// Limits; the defaults are the issue's (2–40 participants).
    public init(participants: Int = 40, actions: Int = 60) {
      self.participants = max(2, participants)
      self.actions = max(1, actions)
    }
  }

  /// The SDK releases sessions draw from: each platform's both sides of the release that
  /// brought `participantMetadataUpdated` (iOS/Android 1.37.0, Web 1.33.0).
  static let releases: [SDKProfile] = [
    "ios@1.35.0", "ios@1.36.0", "ios@1.37.0", "ios@1.38.0",
    "android@1.34.0", "android@1.36.0", "android@1.37.0", "android@1.39.0",
    "web@1.30.0", "web@1.32.0", "web@1.33.0", "web@1.34.0",
  ].compactMap { try? SDKProfile(parsing: $0) }

  /// The session of `seed`, run through the model.
  public static func session(seed: UInt64, limits: Limits = Limits()) throws(ScenarioError)
    -> GeneratedSession
  {
    var random = SeededRandom(seed: seed)
    var cast = Cast(random: &random, limits: limits)
    let stageARN = "arn:aws:ivs:us-east-1:123456789012:stage/\(random.identifier(12))"
    let sessionID = "st-\(random.identifier(12))"
    let start =
      VirtualTime.defaultStart + Int64(random.int(0...400)) * 86_400
      + Int64(random.int(0...86_000))
    var scenario = Scenario(
      stage: ScenarioStage(arn: stageARN), start: start,
      participants: cast.members.map(\.scenario))
    // The rules of the session's day, as explain takes them from the records' dates (a
    // composition's update policy follows the day: SPEC §4).
    scenario.asOf = ServiceDate.ofRecords(startingAt: start)
    let runner = try ScenarioRunner(scenario: scenario, file: "generated")
    var driver = Driver(runner: runner, cast: cast)
    driver.play(random: &random, actions: random.int(1...limits.actions))
    let end = driver.now + Int64(random.int(1...30))
    cast = driver.cast
    return GeneratedSession(
      seed: seed, stageARN: stageARN, sessionID: sessionID, start: start, end: end,
      participants: cast.members.map(\.described), events: driver.events,
      composition: driver.composition,
      truth: SessionTruth(
        events: driver.events, participants: cast.members.map(\.described), end: end),
      script: PlayedScript(scenario: scenario, steps: driver.played))
  }
}

/// The participants of a session before it runs.
struct Cast {
  struct Member {
    let scenario: ScenarioParticipant
    let described: GeneratedParticipant
  }

  var members: [Member] = []

  init(random: inout SeededRandom, limits: SessionGenerator.Limits) {
    let count = random.int(2...limits.participants)
    let publishers = min(count, random.int(1...4))
    let names = ["maria", "jonas", "li", "sam", "ana", "omar", "kim", "eva", "raj", "zoe"]
    for index in 0..<count {
      let sdk = random.pick(SessionGenerator.releases) ?? SessionGenerator.releases[0]
      let canPublish = index < publishers
      let userId = "\(names[index % names.count])\(index / names.count == 0 ? "" : "\(index)")"
      var attributes = ["role": index == 0 ? "host" : canPublish ? "guest" : "viewer"]
      if random.chance(70) { attributes["seat"] = "\(random.int(1...9))" }
      if random.chance(30) { attributes["name"] = userId.capitalized }
      // Viewers whose app would publish once a token allows it (promotion by exchange).
      let publish: StrategySettings.Publish =
        canPublish || random.chance(60) ? .always : .never
      let spec = TokenMintSpec(
        capabilities: Capabilities(publish: canPublish, subscribe: true),
        attributes: attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
        userId: userId, ttl: VirtualDuration(seconds: 12 * 3600))
      let id = random.identifier(12)
      let (os, browser) = Self.client(sdk.platform, &random)
      members.append(
        Member(
          scenario: ScenarioParticipant(
            id: id, sdk: sdk, strategy: StrategySettings(publish: publish, subscribe: .audioVideo),
            token: .mint(spec)),
          described: GeneratedParticipant(
            id: id, userId: userId, sdk: sdk, osName: os, browserName: browser,
            attributes: attributes, canPublish: canPublish)))
    }
  }

  private static func client(_ platform: SDKProfile.Platform, _ random: inout SeededRandom)
    -> (os: String, browser: String)
  {
    switch platform {
    case .ios: ("iOS", "")
    case .android: ("Android", "")
    case .web:
      (
        random.pick(["Windows", "Mac OS", "Linux"]) ?? "Windows",
        random.pick(["Google Chrome", "Mozilla Firefox", "Safari"]) ?? "Google Chrome"
      )
    }
  }
}
