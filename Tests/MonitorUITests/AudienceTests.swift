import MonitorUI
import StageEngine
import Testing

/// Who sees a publisher, as the deck quotes it: counted in full, the first few named.
@Suite struct AudienceTests {
  static func snapshot() throws -> StageSnapshot {
    let scenario = try Scenario(
      parsing: """
        {"participants": [
           {"id": "host", "sdk": "ios@1.37.0", "capabilities": ["publish", "subscribe"]},
           {"id": "w1", "sdk": "web@1.33.0"}, {"id": "w2", "sdk": "web@1.33.0"},
           {"id": "w3", "sdk": "web@1.33.0"}, {"id": "w4", "sdk": "web@1.33.0"},
           {"id": "old", "sdk": "android@1.36.0"}, {"id": "away", "sdk": "web@1.33.0"}],
         "steps": [{"join": "host"}, {"join": "w1"}, {"join": "w2"}, {"join": "w3"},
                   {"join": "w4"}, {"join": "old"}]}
        """, file: "audience.json", baseDirectory: "/nonexistent")
    let runner = try ScenarioRunner(scenario: scenario, file: "audience.json")
    while try runner.step() != nil {}
    return runner.stage.snapshot()
  }

  @Test func observersAreCountedAndTheFirstThreeNamed() throws {
    let audience = Audience(of: "host", in: try Self.snapshot())
    #expect(audience.immediate.count == 4)
    #expect(
      audience.immediate.list == "w1 (web@1.33.0), w2 (web@1.33.0), w3 (web@1.33.0) +1 more")
    #expect(audience.onRepublish.count == 1)
    #expect(audience.onRepublish.list == "old (android@1.36.0)")
  }

  @Test func nobodySeesAParticipantThatDoesNotPublish() throws {
    let audience = Audience(of: "w1", in: try Self.snapshot())
    #expect(audience.immediate.isEmpty)
    #expect(audience.onRepublish.isEmpty)
  }
}
