import Testing

@testable import StageEngine

/// Messages about outside text stay short and cheap however long the text is (issue #8 §3):
/// no "did you mean" search for long names, and at most a short prefix of the input echoed.
@Suite struct LongInputMessageTests {
  static let long = String(repeating: "k", count: 1_000_000)
  static let manyParticipants = (0..<2000).map { #"{"id": "p\#($0)"}"# }.joined(separator: ", ")

  static let rows: [(scenario: String, says: String)] = [
    (#"{"participants": [], "\#(long)": 1}"#, "unknown field; expected one of"),
    (#"{"participants": [{"id": "a"}], "steps": [{"\#(long)": "a"}]}"#, "unknown verb"),
    (
      #"{"participants": [\#(manyParticipants)], "steps": [{"join": "\#(long)"}]}"#,
      "unknown participant"
    ),
    (#"{"participants": [{"id": "a", "sdk": "\#(long)"}]}"#, "bad SDK profile"),
    (#"{"participants": [{"id": "a"}], "steps": [{"advance": "\#(long)"}]}"#, "bad duration"),
    (#"{"participants": [{"id": "\#(long)"}]}"#, "participant id"),
  ]

  @Test(arguments: rows)
  func aHugeNameIsQuotedByItsStartOnly(_ row: (scenario: String, says: String)) {
    #expect {
      _ = try Scenario(parsing: row.scenario, file: "t.json", baseDirectory: "/")
    } throws: { error in
      let message = String(describing: error)
      return message.contains(row.says) && message.utf8.count < 4000
        && message.contains("… (1000000 bytes)") && !message.contains("did you mean")
    }
  }

  @Test func suggestionsSkipLongWordsAndCandidatesOutOfReach() {
    #expect(Suggestion.closest(to: Self.long, in: ["join"]) == nil)
    #expect(
      Suggestion.closest(to: "jion", in: ["join", String(repeating: "j", count: 10_000)]) == "join")
    #expect(Suggestion.closest(to: "participantz", in: ["participants", "p"]) == "participants")
  }
}
