import IVSRules
import JSONKit
import TokenCore

/// A validated scenario file (SPEC §6): the stage, its participants and the
/// scripted steps. The same value drives the UI (one step per `n` key) and the
/// headless runner; a `Scenario` only exists once the whole file has been
/// checked, so nothing runs from a file with a mistake in it.
public struct Scenario: Sendable {
  /// The file's one-line summary, shown by the UI and in docs.
  public var description: String?
  /// The stage ARN and endpoints.
  public var stage: ScenarioStage
  /// Virtual time at which the run starts, in Unix seconds.
  public var start: Int64
  /// Signing keys named by the file; empty means one key is generated for the run.
  public var keys: [ScenarioKey]
  /// The server-side composition observing the stage, if any.
  public var composition: CompositionConfiguration?
  /// The participants, in file order.
  public var participants: [ScenarioParticipant]
  /// The scripted steps, in order.
  public var steps: [ScenarioStep]
  /// Notes for the person opening it (`stagemon import` writes its guesses and choices here).
  public var notes: [String] = []
  /// Where each step starts in the file it was read from (empty for a scenario built in
  /// code), so reports name a step by `file:line:column`.
  public var stepPositions: [SourcePosition] = []
  /// The day of IVS the scenario tells (`asOf`): its run decides by the rules in force then.
  /// nil: the latest IVS behaviour stagemon knows.
  public var asOf: ServiceDate?
  /// The real IVS events a scenario was imported from (`stagemon import`), kept as written
  /// so later runs can be compared with them; StageEngine only checks it is an array.
  public var recorded: JSON?
  /// The golden stream the file names (`"golden"`, resolved against its folder), which
  /// `stagemon test` and `run --compare`/`--update-golden` use instead of
  /// `expected/NAME.jsonl` beside it.
  public var golden: String?

  /// Creates a scenario from already-validated parts (tests and the built-in demo).
  public init(
    description: String? = nil, stage: ScenarioStage = ScenarioStage(),
    start: Int64 = VirtualTime.defaultStart, keys: [ScenarioKey] = [],
    composition: CompositionConfiguration? = nil, participants: [ScenarioParticipant],
    steps: [ScenarioStep] = []
  ) {
    self.description = description
    self.stage = stage
    self.start = start
    self.keys = keys
    self.composition = composition
    self.participants = participants
    self.steps = steps
  }

  /// Where a scripted step starts in the file, when known.
  func position(of number: StepNumber) -> SourcePosition? {
    guard let index = number.scriptIndex, index >= 1, index <= stepPositions.count else {
      return nil
    }
    return stepPositions[index - 1]
  }

  /// The participant with `id`, if the scenario has one.
  public func participant(_ id: String) -> ScenarioParticipant? {
    participants.first { $0.id == id }
  }
}

/// The stage a scenario runs on; every field defaults to the documented shape.
public struct ScenarioStage: Equatable, Sendable {
  /// The default stage ARN used when a scenario names none.
  public static let defaultARN = "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456"

  /// `arn:aws:ivs:<region>:<account>:stage/<id>`.
  public var arn: String
  /// The events endpoint written into every minted token.
  public var eventsURL: String
  /// The WHIP endpoint written into every minted token.
  public var whipURL: String

  /// Creates a stage description; the WHIP URL defaults to `https://<id>.global-bm.whip.live-video.net`.
  public init(arn: String = defaultARN, eventsURL: String? = nil, whipURL: String? = nil) {
    self.arn = arn
    self.eventsURL = eventsURL ?? TokenClaims.defaultEventsURL
    self.whipURL = whipURL ?? TokenClaims.defaultWhipURL(stageID: ARN.stageID(from: arn) ?? "")
  }

  /// The stage ID: the last path segment of the ARN (validated by the decoder).
  public var id: String { ARN.stageID(from: arn) ?? "" }
}

/// A key named by the scenario: its public-key ARN and a PEM file holding either the
/// private key (it signs minted tokens) or, for a customer's key, only the public half
/// (SPKI, as IVS ImportPublicKey takes it): raw tokens signed with it verify, nothing is
/// minted with it.
public struct ScenarioKey: Equatable, Sendable {
  /// Which half of the key pair the file holds.
  public enum Half: String, Equatable, Sendable {
    /// `privateKey`: SEC1 or PKCS#8; the key signs and verifies.
    case privateKey
    /// `publicKey`: SPKI; the key only verifies.
    case publicKey
  }

  /// The public key ARN written as `kid`.
  public var arn: String
  /// Path of the PEM file, already resolved against the scenario's folder.
  public var path: String
  /// What the file holds.
  public var half: Half

  /// A key the scenario can sign with.
  public init(arn: String, privateKeyPath: String) {
    self.init(arn: arn, path: privateKeyPath, half: .privateKey)
  }

  /// A key known by its public half only.
  public init(arn: String, publicKeyPath: String) {
    self.init(arn: arn, path: publicKeyPath, half: .publicKey)
  }

  /// A key of either half.
  public init(arn: String, path: String, half: Half) {
    self.arn = arn
    self.path = path
    self.half = half
  }

  /// The private key file, when the scenario has it.
  public var privateKeyPath: String? { half == .privateKey ? path : nil }

  /// Whether tokens can be minted with this key.
  public var canSign: Bool { half == .privateKey }
}

/// One participant of a scenario: its SDK, strategy and first token.
public struct ScenarioParticipant: Sendable {
  /// The participant ID (the token's `jti`).
  public var id: String
  /// The simulated SDK.
  public var sdk: SDKProfile
  /// How its host application answers strategy questions.
  public var strategy: StrategySettings
  /// Its first token: minted from claims shorthand, or given raw.
  public var token: ScenarioToken

  /// Creates a participant.
  public init(id: String, sdk: SDKProfile, strategy: StrategySettings, token: ScenarioToken) {
    self.id = id
    self.sdk = sdk
    self.strategy = strategy
    self.token = token
  }
}

/// A token as a scenario gives it: raw JWT text, or a description to mint from.
public enum ScenarioToken: Sendable {
  /// A compact JWT used as written (it may be deliberately broken).
  case raw(String)
  /// Claims shorthand; a participant's first token, or changes relative to its current token.
  case mint(TokenMintSpec)
}

/// What to put in a minted token. For a participant's first token every
/// unset field takes its default; for an exchange, unset fields keep the
/// participant's current token's values.
public struct TokenMintSpec: Sendable {
  /// Which key signs the token.
  public enum Key: Equatable, Sendable {
    /// The key with this public-key ARN, from the scenario's `keys`.
    case arn(String)
    /// A freshly generated key that is not in the stage's key store.
    case unknown
  }

  /// New capabilities.
  public var capabilities: Capabilities?
  /// New attributes (replace the whole map), in file order.
  public var attributes: [(key: String, value: String)]?
  /// New `user_id`.
  public var userId: String?
  /// Lifetime from the current virtual time (default 12h for a first token).
  public var ttl: VirtualDuration?
  /// An already expired token (`"ttl": "-1h"`, or `"expired": true` for zero): its `exp` lies
  /// this long before the moment it is minted, and its `iat` a whole lifetime (12h for a first
  /// token, the current token's for an exchange) before that — no epoch seconds by hand.
  public var expiredAgo: VirtualDuration?
  /// Raw claim overrides applied last, including immutable claims.
  public var claims: [(key: String, value: JSON)]
  /// Signing key (default: the stage's first key).
  public var key: Key?
  /// Whether to make an IVS-style CreateParticipantToken token instead of a key-pair one.
  public var origin: TokenOrigin

  /// Creates a mint spec; everything unset.
  public init(
    capabilities: Capabilities? = nil, attributes: [(key: String, value: String)]? = nil,
    userId: String? = nil, ttl: VirtualDuration? = nil, claims: [(key: String, value: JSON)] = [],
    key: Key? = nil, origin: TokenOrigin = .keyPair
  ) {
    self.capabilities = capabilities
    self.attributes = attributes
    self.userId = userId
    self.ttl = ttl
    self.claims = claims
    self.key = key
    self.origin = origin
  }
}

extension TokenMintSpec {
  /// Why this spec cannot be minted with `keys` (a scenario's keys), or nil when it can:
  /// key-pair tokens need a private key, and a customer's key is often known by its public
  /// half only. Decoding refuses such a step; the UI's deck shows the entry disabled.
  public func signingProblem(with keys: [ScenarioKey]) -> String? {
    guard origin == .keyPair else { return nil }
    switch key {
    case .unknown: return nil
    case .arn(let arn):
      guard let named = keys.first(where: { $0.arn == arn }), !named.canSign else { return nil }
      return "minting a token needs a private key, and key \(arn) is given by its public half"
        + " only; give the token as {\"raw\": JWT} or the key's \"privateKey\""
    case nil:
      guard !keys.isEmpty, !keys.contains(where: \.canSign) else { return nil }
      return "minting a token needs a private key, and the scenario's keys are public halves"
        + " only; give the token as a raw JWT signed with the customer's key, or add a"
        + " \"privateKey\""
    }
  }
}
