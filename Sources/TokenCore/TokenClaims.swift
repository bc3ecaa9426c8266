import IVSRules
import JSONKit

/// The payload of a participant token with every SPEC §1.1 claim typed.
/// Unknown claims are kept in `extra`, in document order, because a support
/// engineer must see everything the customer's server put in.
public struct TokenClaims: Equatable, Sendable {
  /// Expiry, Unix seconds.
  public var exp: Int64
  /// Issue time, Unix seconds.
  public var iat: Int64
  /// The participant ID.
  public var jti: String
  /// Application user ID, visible to every participant.
  public var userId: String?
  /// The stage ARN.
  public var resource: String
  /// The stage ID (last segment of `resource`).
  public var topic: String
  /// The stage's events endpoint.
  public var eventsURL: String
  /// The stage's WHIP endpoint.
  public var whipURL: String
  /// Publish/subscribe rights.
  public var capabilities: Capabilities
  /// Application attributes, visible to every participant.
  public var attributes: [String: String]
  /// Token format version; must be "1.0".
  public var version: String
  /// Claims this format does not define, kept as written.
  public var extra: [(key: String, value: JSON)]

  /// The claims that may never change in an exchange (SPEC §3.1), in the order rejections list
  /// them: the rule book's `exchange.immutable-claims`.
  public static let immutableClaimNames = RuleBook.ivs.latest.decide(.immutableClaims).outcome

  /// The claim names this type knows, in the order minted tokens write them.
  public static let knownClaimNames = [
    "exp", "iat", "jti", "user_id", "resource", "topic", "events_url", "whip_url", "capabilities",
    "attributes", "version",
  ]

  /// Creates claims; `version` defaults to the only valid one.
  public init(
    exp: Int64, iat: Int64, jti: String, userId: String? = nil, resource: String, topic: String,
    eventsURL: String, whipURL: String, capabilities: Capabilities,
    attributes: [String: String] = [:], version: String = "1.0",
    extra: [(key: String, value: JSON)] = []
  ) {
    self.exp = exp
    self.iat = iat
    self.jti = jti
    self.userId = userId
    self.resource = resource
    self.topic = topic
    self.eventsURL = eventsURL
    self.whipURL = whipURL
    self.capabilities = capabilities
    self.attributes = attributes
    self.version = version
    self.extra = extra
  }

  /// Compares every claim, unknown ones included.
  public static func == (lhs: TokenClaims, rhs: TokenClaims) -> Bool {
    lhs.json == rhs.json
  }

  /// The payload object: known claims in canonical order (attributes sorted
  /// by key), then unknown ones as they were.
  public var json: JSON {
    var members: [(key: String, value: JSON)] = [
      ("exp", .integer(exp)), ("iat", .integer(iat)), ("jti", .string(jti)),
    ]
    if let userId { members.append(("user_id", .string(userId))) }
    members += [
      ("resource", .string(resource)), ("topic", .string(topic)),
      ("events_url", .string(eventsURL)), ("whip_url", .string(whipURL)),
      (
        "capabilities",
        .object([
          ("allow_publish", .bool(capabilities.publish)),
          ("allow_subscribe", .bool(capabilities.subscribe)),
        ])
      ),
    ]
    if !attributes.isEmpty {
      let sorted = attributes.sorted { $0.key < $1.key }
      members.append(("attributes", .object(sorted.map { ($0.key, JSON.string($0.value)) })))
    }
    members.append(("version", .string(version)))
    return .object(members + extra)
  }

  /// The value of a claim by its token name (e.g. `events_url`), known or not.
  public func value(ofClaim name: String) -> JSON? { json[name] }

  /// Returns these claims with one claim replaced by a raw JSON value, as a
  /// test or scenario overriding any claim (immutable ones included) needs.
  public func setting(claim name: String, to value: JSON) throws(TokenError) -> TokenClaims {
    try TokenClaims(json: json.setting(name, to: value))
  }
}
