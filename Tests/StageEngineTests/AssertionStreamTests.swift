import JSONKit
import Testing

@testable import StageEngine

/// What `expect` steps leave in the stream and how their failures read: assertions never
/// change a golden, failures name the step 1-based with its line and column, an `events`
/// expectation that matched nothing shows the nearest event, and answering a question is an
/// event an `expect` can check.
@Suite struct AssertionStreamTests {
  static let base = """
    { "participants": [
        { "id": "host", "capabilities": ["publish", "subscribe"] },
        { "id": "guest", "capabilities": ["publish", "subscribe"],
          "strategy": { "publish": "ask" } } ],
      "steps": [
        { "join": "host" },
    EXPECTS
        { "join": "guest" },
        { "answer": "guest", "publish": false },
        ANSWERED
        { "leave": "host" }
      ] }
    """

  static func scenario(expects: String = "", answered: String = "") -> String {
    base.replacingOccurrences(of: "EXPECTS", with: expects)
      .replacingOccurrences(of: "ANSWERED", with: answered)
  }

  /// The JSONL stream and the runner after a run of `text`.
  static func run(_ text: String) throws -> (lines: [String], runner: ScenarioRunner) {
    let scenario = try Scenario(parsing: text, file: "x.json", baseDirectory: "/")
    let runner = try ScenarioRunner(scenario: scenario, file: "x.json")
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    try runner.run { events in
      for event in events { renderer.render(event, into: &bytes) }
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    return (lines, runner)
  }

  @Test func addingAndEditingPassingAssertionsLeavesTheStreamUnchanged() throws {
    let plain = try Self.run(Self.scenario()).lines
    let one = try Self.run(
      Self.scenario(
        expects: #"{ "expect": { "participant": "host", "connection": "connected" } },"#)
    ).lines
    let two = try Self.run(
      Self.scenario(
        expects: #"""
          { "expect": { "participant": "host", "publish": "published" } },
          { "expect": { "participant": "host", "connection": "connected" } },
          """#)
    ).lines
    #expect(one == plain)
    #expect(two == plain)
    #expect(!plain.joined().contains("expect"))
  }

  @Test func aFailureNamesTheStepFromOneWithItsLineAndColumn() throws {
    let text = Self.scenario(
      expects: #"    { "expect": { "participant": "host", "publish": "notPublished" } },"#)
    let (lines, runner) = try Self.run(text)
    let failure = try #require(runner.expectationFailures.first)
    #expect(failure.step == "step 2")
    #expect(failure.position == SourcePosition(line: 7, column: 5))
    #expect(
      lines.contains { $0.contains(#""kind":"expectFailed""#) && $0.contains(#""step":"step 2""#) })
  }

  @Test func anEventsExpectationThatMatchedNothingShowsTheNearestEvent() throws {
    let text = Self.scenario(
      expects:
        #"{ "expect": { "events": { "includes": [ { "kind": "connectionStateChanged", "observer": "host", "state": "disconnected" } ] } } },"#
    )
    let failure = try #require(try Self.run(text).runner.expectationFailures.first)
    #expect(failure.message.contains("nearest"))
    #expect(failure.message.contains(#"state: expected "disconnected", found "connecting""#))
  }

  @Test func answeringAQuestionIsAnEventThatCanBeAsserted() throws {
    let text = Self.scenario(
      answered: #"""
        { "expect": { "events": { "includes": [ { "kind": "questionAnswered", "participant": "guest",
          "name": "shouldPublishParticipant", "answer": "false", "reason": "script" } ] } } },
        """#)
    let (lines, runner) = try Self.run(text)
    #expect(runner.expectationFailures.isEmpty, "\(runner.expectationFailures)")
    #expect(lines.contains { $0.contains(#""kind":"questionAnswered""#) })
  }

  @Test func capturedAssertionsHoldAndAreBoundedByObservers() throws {
    let (_, runner) = try Self.run(Self.scenario())
    let snapshot = runner.stage.snapshot()
    let all = snapshot.expectSteps(capturing: "guest")
    #expect(all.count == 2)
    #expect(snapshot.expectSteps(capturing: "guest", maximumObservers: 0).count == 1)
    let text = JSONWriter.compact(.array(all))
    let steps = try runner.scenario.decodeSteps(text, origin: "test", compositions: [])
    for step in steps { try runner.perform(step, origin: "test") }
    #expect(runner.expectationFailures.isEmpty, "\(runner.expectationFailures)")
    #expect(runner.expectationResults.count == 2)
  }
}
