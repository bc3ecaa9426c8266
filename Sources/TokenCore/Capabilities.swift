/// What a token lets its holder do on a stage. The two flags drive every
/// capability-change rule of token exchange, so they get their own type.
public struct Capabilities: Equatable, Hashable, Sendable {
  /// May publish media.
  public var publish: Bool
  /// May subscribe to other participants.
  public var subscribe: Bool

  /// Creates a capability pair; both default to false as a missing claim key does.
  public init(publish: Bool = false, subscribe: Bool = false) {
    self.publish = publish
    self.subscribe = subscribe
  }

  /// The granted capabilities as sorted names, the form the event stream writes.
  public var names: [String] {
    (publish ? ["publish"] : []) + (subscribe ? ["subscribe"] : [])
  }

  /// Parses names such as `["publish", "subscribe"]`; `nil` names the first unknown one.
  public init(names: [String]) throws(TokenError) {
    self.init()
    for name in names {
      switch name {
      case "publish": publish = true
      case "subscribe": subscribe = true
      default:
        throw TokenError(
          .malformed, part: "capabilities",
          reason: "unknown capability \"\(name)\" (expected publish or subscribe)")
      }
    }
  }

  /// Short human form for tables: "publish+subscribe", "subscribe", "none".
  public var summary: String { names.isEmpty ? "none" : names.joined(separator: "+") }
}
