import Foundation
import Testing

@testable import StageEngine

/// `ScenarioEncoder` is the decoder's inverse: a scenario written and read back says the same thing
/// (the same text when written again) and runs to the same stream.
@Suite struct ScenarioEncoderTests {
  /// Every verb, every exchange-token form, a composition and an expectation.
  static let everyKind = #"""
    {
      "description": "every step kind",
      "start": "2026-03-01T08:00:00Z",
      "composition": { "layout": "pip", "pipParticipantAttribute": "pip", "updates": "live" },
      "participants": [
        { "id": "host", "sdk": "web@1.33.0", "userId": "alice", "capabilities": ["publish", "subscribe"],
          "attributes": { "z": "1", "a": "2" }, "ttl": "2h", "strategy": { "publish": "ask" } },
        { "id": "guest", "sdk": "android@1.37.0", "capabilities": ["subscribe"],
          "strategy": { "subscribe": "audioOnly" } },
        { "id": "raw", "token": "not.a.token" }
      ],
      "steps": [
        { "join": "host" }, { "answer": "host", "publish": true }, { "join": "guest" },
        { "expect": { "participant": "host", "publish": "published" } },
        { "exchange": "guest", "token": { "capabilities": ["publish"], "userId": "bob", "ttl": "1h",
                                          "attributes": { "seat": "2" } } },
        { "exchange": "guest", "token": { "claims": { "topic": "Other", "exp": 1 } } },
        { "exchange": "guest", "token": { "key": "unknown" } },
        { "exchange": "guest", "token": { "origin": "createParticipantToken" } },
        { "exchange": "guest", "token": { "raw": "a.b.c" } },
        { "setStrategy": "guest", "publish": "never" }, { "setStrategy": "guest", "subscribe": "none" },
        { "setSDK": "guest", "sdk": "ios@1.37.0" }, { "setCompositionUpdates": "main", "updates": "on-reconnect" },
        { "startComposition": "side", "composition": { "layout": "grid" } }, { "mute": "host", "streams": ["audio"] },
        { "unmute": "host" }, { "networkDrop": "guest" }, { "stopComposition": "side" },
        { "refreshStrategy": "guest" }, { "publish": "guest" }, { "unpublish": "host" },
        { "disconnect": "guest" }, { "advance": "1h30m" }, { "reconnect": "host" }, { "leave": "host" }
      ]
    }
    """#

  static func stream(_ scenario: Scenario) throws -> [String] {
    let runner = try ScenarioRunner(scenario: scenario, file: "test")
    var renderer = JSONLEventRenderer()
    var bytes: [UInt8] = []
    try runner.run { events in
      for event in events { renderer.render(event, into: &bytes) }
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func roundTrip(_ text: String, file: String) throws -> (Scenario, Scenario, String) {
    let original = try Scenario(parsing: text, file: file, baseDirectory: "/tmp")
    let written = ScenarioEncoder.text(original, relativeTo: "/tmp")
    let reread = try Scenario(parsing: written, file: "encoded \(file)", baseDirectory: "/tmp")
    #expect(ScenarioEncoder.text(reread, relativeTo: "/tmp") == written, "not stable: \(file)")
    return (original, reread, written)
  }

  @Test func everyStepKindRoundTrips() throws {
    let (original, reread, written) = try Self.roundTrip(Self.everyKind, file: "every kind")
    #expect(reread.steps.map(\.summary) == original.steps.map(\.summary))
    #expect(reread.steps.count == 25)
    #expect(written.contains(#""setCompositionUpdates": "main""#))
    #expect(written.contains(#""token": "not.a.token""#))
    #expect(try Self.stream(reread) == Self.stream(original))
  }

  @Test(arguments: ScenarioGoldenTests.names)
  func bundledScenarioRoundTripsToTheSameStream(name: String) throws {
    let path = ScenarioGoldenTests.path(name)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let (original, reread, _) = try Self.roundTrip(text, file: name)
    #expect(reread.description == original.description)
    #expect(try Self.stream(reread) == Self.stream(original))
  }

  @Test func keyPathsInsideTheFolderAreWrittenRelative() {
    let scenario = Scenario(
      keys: [
        ScenarioKey(
          arn: "arn:aws:ivs:us-west-2:123456789012:public-key/a", privateKeyPath: "/d/k.pem"),
        ScenarioKey(
          arn: "arn:aws:ivs:us-west-2:123456789012:public-key/b", publicKeyPath: "/e/p.pem"),
      ], participants: [])
    let written = ScenarioEncoder.text(scenario, relativeTo: "/d")
    #expect(written.contains(#""privateKey": "k.pem""#))
    #expect(written.contains(#""publicKey": "/e/p.pem""#))
  }

  @Test(arguments: [
    (
      #"{"participants": [{"id": "a"}], "steps": [{"setCompositionUpdates": "main", "updates": "live"}]}"#,
      #"step 1 (steps[0].setCompositionUpdates): unknown composition "main"; compositions: none"#
    ),
    (
      #"{"composition": {}, "participants": [{"id": "a"}], "steps": [{"setCompositionUpdates": "main", "updates": "now"}]}"#,
      #"step 1 (steps[0].updates): unknown value "now""#
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"setSDK": "a", "sdk": "ios@1"}]}"#,
      "step 1 (steps[0].sdk): "
    ),
    (
      #"{"participants": [{"id": "a"}], "steps": [{"setSDK": "b", "sdk": "ios@1.37.0"}]}"#,
      #"step 1 (steps[0].setSDK): unknown participant "b""#
    ),
  ])
  func badNewStepsAreLoadErrorsWithTheirPath(text: String, message: String) {
    #expect {
      try Scenario(parsing: text, file: "bad.json", baseDirectory: ".")
    } throws: { error in
      "\(error)".hasPrefix("bad.json:1:") && "\(error)".contains(": " + message)
    }
  }
}
