import StageEngine

/// A named token a scenario prepares for the deck ("co-host upgrade"): changes relative to
/// the participant's current token, in the scenario file's own mint-spec form.
public struct PreparedToken: Sendable {
  /// The name the deck shows.
  public let name: String
  /// What the token changes.
  public let spec: TokenMintSpec

  /// Creates a prepared token.
  public init(name: String, spec: TokenMintSpec) {
    self.name = name
    self.spec = spec
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
      result.append(PreparedToken(name: name, spec: spec))
    }
    return result
  }
}
