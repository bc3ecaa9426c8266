import StageEngine

/// The long generated scenario the headless benchmark runs: one host publishing
/// in front of `observers` subscribed viewers on mixed SDK profiles. The host
/// exchanges its token for new attributes once per virtual second (metadata
/// fan-out, one ES384 signature and one verification each) and every fourth
/// exchange unpublishes and republishes (leave/join fan-out), as a long demo
/// or QA session on a busy stage does.
enum HeadlessScenario {
  /// The SDK profiles viewers cycle through: with and without the metadata event.
  static let profiles = ["ios@1.37.0", "android@1.36.0", "web@1.32.0", "web@1.33.0"]

  /// The scenario with `observers` viewers and `rounds` host exchanges.
  static func make(observers: Int, rounds: Int) throws -> Scenario {
    let ios = try SDKProfile(parsing: "ios@1.37.0")
    let sdks = try profiles.map { try SDKProfile(parsing: $0) }
    var participants = [
      ScenarioParticipant(
        id: "host", sdk: ios, strategy: StrategySettings(),
        token: .mint(TokenMintSpec(capabilities: .init(publish: true, subscribe: true))))
    ]
    for index in 0..<observers {
      participants.append(
        ScenarioParticipant(
          id: "viewer\(index)", sdk: sdks[index % sdks.count], strategy: StrategySettings(),
          token: .mint(TokenMintSpec(capabilities: .init(subscribe: true)))))
    }
    var steps = participants.map { ScenarioStep.join($0.id) }
    for round in 0..<rounds {
      let attributes = [(key: "round", value: String(round))]
      steps.append(.exchange("host", .mint(TokenMintSpec(attributes: attributes))))
      steps.append(.advance(VirtualDuration(seconds: 1)))
      if round % 4 == 3 { steps += [.unpublish("host"), .publish("host")] }
    }
    return Scenario(participants: participants, steps: steps)
  }

  /// ES384 operations the scenario needs: a signature per minted token (first
  /// tokens and exchanges) and a verification per join and per exchange.
  static func cryptoOperations(_ scenario: Scenario) -> (signs: Int, verifies: Int) {
    var exchanges = 0
    var joins = 0
    for step in scenario.steps {
      if case .exchange = step { exchanges += 1 }
      if case .join = step { joins += 1 }
    }
    return (scenario.participants.count + exchanges, joins + exchanges)
  }
}
