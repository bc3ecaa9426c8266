import Foundation
import Testing

@testable import StageEngine

/// A scenario larger than a stage can hold is refused at once with the limit, not run for
/// minutes.
@Suite struct ScenarioLimitTests {
  static func text(participants: Int, steps: Int) -> String {
    let people = (0..<participants).map { #"{"id":"p\#($0)"}"# }.joined(separator: ",")
    let moves = Array(repeating: #"{"advance":"1s"}"#, count: steps).joined(separator: ",")
    return #"{"participants":[\#(people)],"steps":[\#(moves)]}"#
  }

  @Test func moreParticipantsThanAStageHoldsAreRefusedQuickly() {
    let start = Date()
    #expect {
      _ = try Scenario(
        parsing: Self.text(participants: 12_001, steps: 1), file: "big.json", baseDirectory: "/")
    } throws: { error in
      (error as? ScenarioError)?.description
        == "big.json: participants: 12001 participants; a scenario holds at most 12000 (a stage's "
        + "12 publishers + 10000 subscribers, and a fifth more for people who leave and join later)"
    }
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test func moreStepsThanTheLimitAreRefused() {
    #expect {
      _ = try Scenario(
        parsing: Self.text(participants: 1, steps: ScenarioLimits.maximumSteps + 1),
        file: "long.json", baseDirectory: "/")
    } throws: { error in
      (error as? ScenarioError)?.location == "steps"
    }
  }

  @Test func theRunnerRefusesAScenarioBuiltOverTheLimitToo() throws {
    var scenario = try Scenario(
      parsing: Self.text(participants: 1, steps: 0), file: "s.json", baseDirectory: "/")
    scenario.participants = Array(
      repeating: scenario.participants[0], count: ScenarioLimits.maximumParticipants + 1)
    #expect(throws: ScenarioError.self) { _ = try ScenarioRunner(scenario: scenario, file: "s") }
  }

  @Test func aScenarioAtTheLimitDecodes() throws {
    let scenario = try Scenario(
      parsing: Self.text(participants: 12_000, steps: 0), file: "ok.json", baseDirectory: "/")
    #expect(scenario.participants.count == 12_000)
  }
}
