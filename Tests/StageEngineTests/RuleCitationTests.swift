import Testing

@testable import StageEngine

/// A failed `expect` statement cites the rules that decided what it checked, so a QA engineer
/// who disagrees with the model can open the rule (`stagemon rules ID`) and its source.
@Suite struct RuleCitationTests {
  static let scenario = """
    { "participants": [
        { "id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"] },
        { "id": "old", "sdk": "android@1.36.0", "capabilities": ["subscribe"] } ],
      "steps": [
        { "join": "host" }, { "join": "old" },
        { "exchange": "host", "token": { "attributes": { "seat": "1" } } },
        { "expect": { "observer": "old", "sees": "host", "as": "current" } },
        { "expect": { "participant": "host", "publish": "notPublished" } } ] }
    """

  static func failures() throws -> [ExpectationFailure] {
    let scenario = try Scenario(parsing: scenario, file: "s.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "s.json")
    while try runner.step() != nil {}
    return runner.expectationFailures
  }

  @Test func aBeliefFailureCitesTheObserversRule() throws {
    let failures = try Self.failures()
    #expect(failures.count == 2)
    #expect(failures.first?.message.hasSuffix("[rules: visibility.republish-only]") == true)
  }

  @Test func anotherFailureCitesTheRulesOfTheStepBefore() throws {
    let message = try Self.failures().last?.message ?? ""
    #expect(message.contains("[rules: "), "\(message)")
    #expect(message.contains("exchange.service-checks"), "\(message)")
  }
}
