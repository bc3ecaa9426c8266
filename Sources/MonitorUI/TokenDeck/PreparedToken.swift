import StageEngine

/// A named token a scenario prepares for the deck ("co-host upgrade"): changes relative to
/// the participant's current token, in the scenario file's own mint-spec form, for the
/// participant it was prepared for (only that participant's deck offers it).
public struct PreparedToken: Sendable {
  /// The name the deck shows.
  public let name: String
  /// What the token changes.
  public let spec: TokenMintSpec
  /// The participant it is prepared for; nil offers it to every participant.
  public let owner: String?

  /// Creates a prepared token for `owner` (nil: anyone).
  public init(name: String, spec: TokenMintSpec, owner: String? = nil) {
    self.name = name
    self.spec = spec
    self.owner = owner
  }

  /// Whether `participant`'s deck offers it.
  public func isOffered(to participant: String) -> Bool {
    owner == nil || owner == participant
  }

  /// The scenario's `exchange` steps as deck entries, named after what they change, so any
  /// scenario file has a deck without extra syntax.
  public static func fromSteps(of scenario: Scenario) -> [PreparedToken] {
    var seen: Set<String> = []
    var result: [PreparedToken] = []
    for step in scenario.steps {
      guard case .exchange(let id, .mint(let spec)) = step else { continue }
      let name = String(step.summary.dropFirst("exchange \(id) ".count))
      guard !name.isEmpty, seen.insert(name).inserted else { continue }
      result.append(PreparedToken(name: name, spec: spec, owner: id))
    }
    return result
  }
}
