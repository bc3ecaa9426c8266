import Testing

@testable import StageEngine

/// Bad `expect` steps are load errors with their JSON path; nothing runs.
@Suite struct ExpectationDecodingTests {
  static func loadError(_ expect: String) -> String? {
    let text = """
      { "participants": [{ "id": "host" }, { "id": "guest" }],
        "steps": [{ "join": "host" }, { "expect": \(expect) }] }
      """
    do {
      _ = try Scenario(parsing: text, file: "x.json", baseDirectory: "/")
      return nil
    } catch {
      return error.description
    }
  }

  static let cases: [(expect: String, error: String)] = [
    (
      #"{"participant": "gest", "publish": "published"}"#,
      #"x.json:2:33: step 2 (steps[1].expect.participant): unknown participant "gest" (did you mean "guest"?)"#
    ),
    (
      #"{"participant": "host", "publsh": "published"}"#,
      #"x.json:2:33: step 2 (steps[1].expect.publsh): unknown field (did you mean "publish"?)"#
    ),
    (
      #"{"participant": "host", "publish": "publishing"}"#,
      #"x.json:2:33: step 2 (steps[1].expect.publish): unknown value "publishing""#
    ),
    (
      #"{"participant": "host", "subscribe": {"nobody": "subscribed"}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.subscribe.nobody): unknown participant "nobody""#
    ),
    (
      #"{"observer": "host", "sees": "guest", "as": "old"}"#,
      #"x.json:2:33: step 2 (steps[1].expect.as): unknown value "old"; expected one of "current", "stale", "unseen""#
    ),
    (
      #"{"events": {"includes": [{"kind": "participantJoind"}]}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.events.includes[0].kind): unknown value "participantJoind" (did you mean "participantJoined"?)"#
    ),
    (
      #"{"events": {"includes": [{"knd": "participantJoined"}]}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.events.includes[0].knd): unknown field (did you mean "kind"?)"#
    ),
    (
      #"{"events": {"excludes": [{"code": "11"}]}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.events.excludes[0].code): "code" is a number in the stream, found a string"#
    ),
    (
      #"{"events": {"includes": ["participantJoined"]}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.events.includes[0]): expected an object, found a string"#
    ),
    (
      #"{"events": {"includes": [{"observer": "nobody"}]}}"#,
      #"x.json:2:33: step 2 (steps[1].expect.events.includes[0].observer): unknown participant "nobody""#
    ),
    (
      #"{"participant": "host", "observer": "guest"}"#,
      #"x.json:2:33: step 2 (steps[1].expect): an expectation needs exactly one of "participant", "observer", "composition", "events"; found participant and observer"#
    ),
    (
      #"{"participant": "host"}"#,
      "x.json:2:33: step 2 (steps[1].expect): this expectation checks nothing"
    ),
    (#""host""#, "x.json:2:33: step 2 (steps[1].expect): expected an expectation object"),
  ]

  @Test(arguments: cases)
  func isALoadErrorWithItsPath(expect: String, error: String) {
    let message = Self.loadError(expect)
    #expect(message?.hasPrefix(error) == true, "\(message ?? "loaded")")
  }

  @Test func knownFieldsIncludeEveryDocumentedStreamField() {
    for field in [
      "seq", "time", "source", "observer", "sdk", "kind", "name", "participant",
      "remoteParticipantId", "userId", "attributes", "capabilities", "state", "streams", "answer",
      "reason", "code", "errorCode", "message", "fields", "slots", "previousToken", "newToken",
      "step", "expected", "actual",
    ] {
      #expect(EventFieldCatalog.names.contains(field), "\(field)")
    }
  }
}
