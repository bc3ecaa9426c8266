import JSONKit
import Testing
import TokenCore

@testable import StageEngine

@Suite struct ScenarioDecodingTests {
  static let specExample = """
    {
      "description": "the SPEC §6 example",
      "stage": { "arn": "arn:aws:ivs:us-west-2:123456789012:stage/AbCdEf123456" },
      "start": "2026-01-01T12:00:00Z",
      "composition": { "layout": "grid", "featuredParticipantAttribute": "featured",
                       "participantOrderAttribute": "order", "updates": "on-reconnect" },
      "participants": [
        { "id": "host",  "sdk": "ios@1.37.0", "userId": "alice",
          "capabilities": ["publish", "subscribe"], "attributes": { "order": "1" },
          "strategy": { "publish": "always", "subscribe": "audioVideo" } },
        { "id": "guest", "sdk": "android@1.37.0", "capabilities": ["subscribe"] },
        { "id": "old",   "sdk": "android@1.36.0", "capabilities": ["subscribe"] },
        { "id": "web",   "sdk": "web@1.32.0",     "capabilities": ["subscribe"] }
      ],
      "steps": [
        { "join": "host" }, { "join": "guest" }, { "join": "old" }, { "join": "web" },
        { "exchange": "guest", "token": { "capabilities": ["publish", "subscribe"],
                                          "attributes": { "featured": "true" } } },
        { "exchange": "guest", "token": { "claims": { "topic": "Other" } } },
        { "exchange": "host",  "token": { "attributes": { "order": "3" } } },
        { "unpublish": "host" }, { "publish": "host" },
        { "advance": "13h" },
        { "leave": "guest" }
      ]
    }
    """

  func decode(_ text: String) throws -> Scenario {
    try Scenario(parsing: text, file: "test.json", baseDirectory: "/scenarios")
  }

  func error(_ text: String) -> String {
    do {
      _ = try decode(text)
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  @Test func decodesTheSpecExample() throws {
    let scenario = try decode(Self.specExample)
    #expect(scenario.description == "the SPEC §6 example")
    #expect(scenario.stage.id == "AbCdEf123456")
    #expect(scenario.stage.whipURL == "https://AbCdEf123456.global-bm.whip.live-video.net")
    #expect(scenario.start == VirtualTime.defaultStart)
    #expect(scenario.participants.map(\.id) == ["host", "guest", "old", "web"])
    #expect(scenario.participants[2].sdk.description == "android@1.36.0")
    #expect(scenario.composition?.featuredParticipantAttribute == "featured")
    #expect(scenario.steps.map(\.verb).count == 11)
    guard case .exchange("guest", .mint(let spec)) = scenario.steps[4] else {
      Issue.record("step 4 should be an exchange mint spec")
      return
    }
    #expect(spec.capabilities == Capabilities(publish: true, subscribe: true))
    #expect(spec.attributes?.map(\.key) == ["featured"])
    guard case .advance(let duration) = scenario.steps[9] else {
      Issue.record("step 9 should be advance")
      return
    }
    #expect(duration.seconds == 13 * 3600)
  }

  @Test func defaultsApplyWhenFieldsAreMissing() throws {
    let scenario = try decode(#"{"participants": [{"id": "a"}]}"#)
    #expect(scenario.stage.arn == ScenarioStage.defaultARN)
    #expect(scenario.stage.eventsURL == "wss://global.events.live-video.net")
    #expect(scenario.participants[0].sdk.description == "ios@1.37.0")
    #expect(scenario.participants[0].strategy == StrategySettings())
    #expect(scenario.steps.isEmpty)
    #expect(scenario.keys.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"participants": [{"id": "a"}], "steps": [{"jion": "a"}]}"#,
      #"test.json:1:43: step 1 (steps[0]): unknown verb "jion" (did you mean "join"?)"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"join": "b"}]}"#,
      #"test.json:1:43: step 1 (steps[0].join): unknown participant "b""#
    ),
    (
      #"{"participants": [{"id": "host"}], "steps": [{"leave": "hots"}]}"#,
      #"(did you mean "host"?)"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"advance": "13x"}]}"#,
      #"test.json:1:43: step 1 (steps[0].advance): bad duration "13x""#
    ),
    (
      #"{"participants": [{"id": "a", "sdk": "ios@1.37"}]}"#,
      #"test.json: participants[0].sdk: bad SDK profile "ios@1.37""#
    ),
    (
      #"{"participants": [{"id": "a"}, {"id": "a"}]}"#,
      #"test.json: participants[1].id: duplicate participant id "a""#
    ),
    (
      #"{"participants": [{"id": "a", "capabilities": ["publish", "subscibe"]}]}"#,
      #"test.json: participants[0].capabilities[1]: unknown capability "subscibe" (did you mean "subscribe"?)"#
    ),
    (
      "{\n  \"participants\": [\n    {\"id\": \"a\",}\n  ]\n}",
      "test.json:3:16: bad JSON: expected a string key in object (a trailing comma before '}': JSON allows none)"
    ),
    (
      #"{"participants": [{"id": 7}]}"#,
      "test.json: participants[0].id: expected a string, found a number"
    ),
    (
      #"{"participants": [{"id": "a", "userid": "x"}]}"#,
      #"test.json: participants[0].userid: unknown field (did you mean "userId"?)"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"exchange": "a", "token": {"capabilitys": []}}]}"#,
      #"test.json:1:43: step 1 (steps[0].token.capabilitys): unknown field (did you mean "capabilities"?)"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"exchange": "a"}]}"#,
      #"test.json:1:43: step 1 (steps[0]): missing field "token""#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"join": "a", "leave": "a"}]}"#,
      "test.json:1:43: step 1 (steps[0]): one verb per step, found join and leave"
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"answer": "a"}]}"#,
      #"test.json:1:43: step 1 (steps[0]): missing field "publish""#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"answer": "a", "publish": "yes"}]}"#,
      "test.json:1:43: step 1 (steps[0].publish): expected true or false, found a string"
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"setStrategy": "a", "publish": "sometimes"}]}"#,
      #"test.json:1:43: step 1 (steps[0].publish): unknown value "sometimes""#
    ),
    (
      #"{"participants": [{"id": "a", "token": "x.y.z", "ttl": "1h"}]}"#,
      "test.json: participants[0].token: a raw token cannot be combined with ttl"
    ),
    (
      #"{"participants": [{"id": "a b"}]}"#,
      #"test.json: participants[0].id: participant id "a b" must be 1–64 characters"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"exchange": "a", "token": {"key": "arn:aws:ivs:us-west-2:123456789012:public-key/x"}}]}"#,
      #"test.json:1:43: step 1 (steps[0].token.key): key "arn:aws:ivs:us-west-2:123456789012:public-key/x" is not one of the scenario's keys"#
    ),
    (
      #"{"participants": [], "stage": {"arn": "arn:aws:ivs:us-west-2:1:stage/x"}}"#,
      "test.json: stage.arn: not a stage ARN"
    ),
    (
      #"{"participants": [], "start": "2026-02-30T00:00:00Z"}"#,
      #"test.json: start: bad time "2026-02-30T00:00:00Z""#
    ),
    (
      #"{"participants": [], "description": "two\nlines"}"#,
      "test.json: description: the description must be one line"
    ),
    (
      #"{"participants": [], "composition": {"layout": "grdi"}}"#,
      #"test.json: composition.layout: unknown value "grdi" (did you mean "grid"?)"#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"exchange": "a", "token": {"origin": "kms"}}]}"#,
      #"test.json:1:43: step 1 (steps[0].token.origin): unknown origin "kms""#
    ),
    (
      #"{"participnts": []}"#,
      #"test.json: participnts: unknown field (did you mean "participants"?)"#
    ),
    (#"{}"#, #"test.json: missing field "participants""#),
    (#"[1]"#, "test.json: expected an object, found an array"),
  ])
  func invalidScenariosNameFilePathAndCause(text: String, expected: String) {
    let message = error(text)
    #expect(message.contains(expected), "got: \(message)")
  }

  @Test func exchangeTokenFormsDecode() throws {
    let scenario = try decode(
      """
      {"keys": [{"arn": "arn:aws:ivs:us-west-2:123456789012:public-key/k2", "privateKey": "k2.pem"}],
       "participants": [{"id": "a"}],
       "steps": [
         {"exchange": "a", "token": {"raw": "h.p.s"}},
         {"exchange": "a", "token": {"key": "unknown", "ttl": "1h", "userId": "bob",
                                     "claims": {"topic": "Other"}, "origin": "createParticipantToken"}},
         {"exchange": "a", "token": {"key": "arn:aws:ivs:us-west-2:123456789012:public-key/k2"}}
       ]}
      """)
    #expect(scenario.keys.first?.privateKeyPath == "/scenarios/k2.pem")
    guard case .exchange(_, .raw(let raw)) = scenario.steps[0],
      case .exchange(_, .mint(let spec)) = scenario.steps[1],
      case .exchange(_, .mint(let keyed)) = scenario.steps[2]
    else {
      Issue.record("unexpected step shapes")
      return
    }
    #expect(raw == "h.p.s")
    #expect(spec.key == .unknown)
    #expect(spec.ttl?.seconds == 3600)
    #expect(spec.userId == "bob")
    #expect(spec.claims.map(\.key) == ["topic"])
    #expect(spec.origin == .createParticipantToken)
    #expect(keyed.key == .arn("arn:aws:ivs:us-west-2:123456789012:public-key/k2"))
  }

  @Test func answerAndSetStrategyOwnTheirPublishField() throws {
    let scenario = try decode(
      """
      {"participants": [{"id": "a"}],
       "steps": [{"answer": "a", "publish": true}, {"setStrategy": "a", "publish": "ask"},
                 {"publish": "a"}]}
      """)
    guard case .answer("a", publish: true, by: .script) = scenario.steps[0],
      case .setStrategy("a", publish: .ask, subscribe: nil) = scenario.steps[1],
      case .publish("a") = scenario.steps[2]
    else {
      Issue.record("unexpected steps \(scenario.steps.map(\.verb))")
      return
    }
  }

  @Test func compositionSettingsDecode() throws {
    let scenario = try decode(
      #"{"participants": [], "composition": {"layout": "pip", "updates": "live", "pipPosition": "TOP_LEFT", "pipBehavior": "DYNAMIC"}}"#
    )
    let composition = try #require(scenario.composition)
    #expect(composition.layout == .pip)
    #expect(composition.updates == .live)
    #expect(composition.pipPosition == "TOP_LEFT")
    #expect(composition.pipBehavior == .dynamic)
  }
}
