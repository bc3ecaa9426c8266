import IVSRules
import TokenCore

/// The stage service's fixed facts: identity, endpoints, trusted keys, start time
/// and composition (SPEC §2.1, §6).
public struct StageConfiguration: Sendable {
  /// Stage ARN, `arn:aws:ivs:<region>:<account>:stage/<id>`.
  public var arn: String
  /// Events endpoint.
  public var eventsURL: String
  /// WHIP endpoint.
  public var whipURL: String
  /// Virtual start time, Unix seconds.
  public var start: Int64
  /// Imported public keys, by ARN.
  public var keys: KeyStore
  /// Server-side composition, if the stage has one.
  public var composition: CompositionConfiguration?
  /// The rules of the day the run tells (`asOf`); today's IVS unless a date pins older ones.
  public var rules: RulesInForce

  /// Creates a configuration; endpoints default to the documented global ones.
  public init(
    arn: String, start: Int64, keys: KeyStore,
    eventsURL: String = TokenClaims.defaultEventsURL, whipURL: String? = nil,
    composition: CompositionConfiguration? = nil, rules: RulesInForce = RuleBook.ivs.latest
  ) {
    self.arn = arn
    self.start = start
    self.keys = keys
    self.eventsURL = eventsURL
    self.whipURL = whipURL ?? TokenClaims.defaultWhipURL(stageID: ARN.stageID(from: arn) ?? arn)
    self.composition = composition
    self.rules = rules
  }

  /// The stage ID: the last path segment of the ARN (the ARN itself if it is not a stage ARN).
  public var stageID: String { ARN.stageID(from: arn) ?? arn }
}
