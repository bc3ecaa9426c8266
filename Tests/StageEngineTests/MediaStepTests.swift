import Testing

@testable import StageEngine

/// The `mute`, `unmute`, `networkDrop`, `startComposition` and `stopComposition` verbs:
/// how they decode, what a mistake in them says, and which requests stop the run.
@Suite("Media and composition steps (docs/SCENARIOS.md)")
struct MediaStepTests {
  static let participants =
    #""participants": [{"id": "a"}, {"id": "b", "capabilities": ["subscribe"]}]"#

  func decode(steps: String) throws -> [ScenarioStep] {
    let text = "{\(Self.participants), \"steps\": [\(steps)]}"
    return try Scenario(parsing: text, file: "t.json", baseDirectory: "/").steps
  }

  func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  @Test(arguments: [
    (#"{"mute": "a"}"#, "mute a audio+video"),
    (#"{"mute": "a", "streams": ["video"]}"#, "mute a video"),
    (#"{"unmute": "a", "streams": ["audio", "video"]}"#, "unmute a audio+video"),
    (#"{"networkDrop": "b"}"#, "networkDrop b"),
    (#"{"startComposition": "side"}"#, "startComposition side grid"),
    (
      #"{"startComposition": "pip-1", "composition": {"layout": "pip", "pipParticipantAttribute": "pip", "updates": "live"}}"#,
      "startComposition pip-1 pip pip=pip updates=live"
    ),
    (#"{"stopComposition": "main"}"#, "stopComposition main"),
  ])
  func mediaAndCompositionVerbsDecode(step: String, summary: String) throws {
    let steps = try decode(steps: step)
    #expect(steps.map(\.summary) == [summary])
  }

  @Test(arguments: [
    (#"{"mute": "c"}"#, #"step 1 (steps[0].mute): unknown participant "c""#),
    (
      #"{"mute": "a", "streams": ["audoi"]}"#,
      #"step 1 (steps[0].streams[0]): unknown value "audoi" (did you mean "audio"?)"#
    ),
    (
      #"{"unmute": "a", "streams": []}"#,
      #"step 1 (steps[0].streams): name at least one of "audio", "video""#
    ),
    (
      #"{"mute": "a", "stream": ["audio"]}"#,
      #"step 1 (steps[0].stream): unknown field (did you mean "streams"?)"#
    ),
    (#"{"networkDrop": 3}"#, "step 1 (steps[0].networkDrop): expected a string, found a number"),
    (
      #"{"startComposition": "a b"}"#,
      #"step 1 (steps[0].startComposition): a composition ID is 1–64"#
    ),
    (
      #"{"startComposition": "x", "composition": {"updates": "sometimes"}}"#,
      #"step 1 (steps[0].composition.updates): unknown value "sometimes""#
    ),
    (#"{"stopComposition": ""}"#, #"step 1 (steps[0].stopComposition): a composition ID is 1–64"#),
    (
      #"{"mute": "a", "networkDrop": "a"}"#,
      "step 1 (steps[0]): one verb per step, found mute and networkDrop"
    ),
    (
      #"{"expect": {"composition": {"id": "side", "featured": null}}}"#,
      #"step 1 (steps[0].expect.composition.id): unknown composition "side"; compositions: none"#
    ),
    (
      #"{"expect": {"observer": "side", "sees": "a", "as": "stale"}}"#,
      #"step 1 (steps[0].expect.observer): unknown participant "side""#
    ),
  ])
  func aMistakeInAMediaStepNamesItsPath(step: String, expected: String) {
    let found = message { _ = try decode(steps: step) }
    #expect(found.hasPrefix("t.json:1:") && found.contains(": \(expected)"), "got: \(found)")
  }

  /// Recorders write steps back with `ScenarioEncoder`: each media and composition step
  /// reads back as the same step.
  @Test func mediaAndCompositionStepsEncodeAndReadBack() throws {
    let steps = try decode(
      steps: #"""
        {"mute": "a", "streams": ["video"]}, {"unmute": "a"}, {"networkDrop": "b"},
        {"startComposition": "side", "composition": {"layout": "pip", "pipParticipantAttribute": "p", "pipBehavior": "DYNAMIC", "pipPosition": "TOP_LEFT", "updates": "live"}},
        {"stopComposition": "side"}
        """#)
    let scenario = Scenario(
      participants: [
        ScenarioParticipant(
          id: "a", sdk: try SDKProfile(parsing: "ios@1.37.0"), strategy: StrategySettings(),
          token: .mint(TokenMintSpec())),
        ScenarioParticipant(
          id: "b", sdk: try SDKProfile(parsing: "ios@1.37.0"), strategy: StrategySettings(),
          token: .mint(TokenMintSpec())),
      ], steps: steps)
    let text = ScenarioEncoder.text(scenario)
    let again = try Scenario(parsing: text, file: "t.json", baseDirectory: "/").steps
    #expect(again.map(\.summary) == steps.map(\.summary))
    #expect(again.compactMap(\.composition) == steps.compactMap(\.composition))
  }

  @Test func expectationsMayNameACompositionStartedByALaterStep() throws {
    let steps = try decode(
      steps: #"""
        {"expect": {"composition": {"id": "side", "featured": null}}},
        {"expect": {"observer": "side", "sees": "a", "as": "unseen"}},
        {"startComposition": "side"}
        """#)
    #expect(steps.map(\.verb) == ["expect", "expect", "startComposition"])
  }

  /// Requests the stage refuses: the run stops with an error naming the step (exit 1).
  @Test(arguments: [
    (#"{"join": "b"}, {"mute": "b"}"#, "step 2 (steps[1]): mute cannot run: b does not publish"),
    (#"{"networkDrop": "a"}"#, "step 1 (steps[0]): networkDrop cannot run: a is not connected"),
    (#"{"unmute": "a"}"#, "step 1 (steps[0]): unmute cannot run: a is not connected"),
    (
      #"{"stopComposition": "side"}"#,
      "step 1 (steps[0]): stopComposition cannot run: no composition side runs (none runs)"
    ),
    (
      #"{"startComposition": "c1"}, {"startComposition": "c2"}, {"startComposition": "c3"}, {"startComposition": "c4"}, {"startComposition": "c5"}, {"startComposition": "c6"}"#,
      "step 6 (steps[5]): startComposition cannot run: the stage already runs 5 compositions (c1, c2, c3, c4, c5)"
    ),
  ])
  func aMediaStepTheStageRefusesStopsTheRunNamingTheStep(steps: String, expected: String) throws {
    let text = "{\(Self.participants), \"steps\": [\(steps)]}"
    let scenario = try Scenario(parsing: text, file: "t.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "t.json")
    let found = message { try runner.run { _ in } }
    #expect(found.hasPrefix("t.json:1:") && found.contains(": \(expected)"), "got: \(found)")
  }
}

extension ScenarioStep {
  /// The composition step, if this is one (for comparisons in tests).
  fileprivate var composition: ScenarioStep.CompositionStep? {
    if case .composition(let step) = self { return step }
    return nil
  }
}
