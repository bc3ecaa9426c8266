import Testing

@testable import ScenarioChecks

/// `-k` as pytest reads it: `or` binds loosest, then `and`, then `not`; parentheses group;
/// consecutive words are one phrase; matching ignores case; a mistake names its column.
@Suite struct KeywordExpressionTests {
  static func matches(_ text: String, _ names: [String]) throws -> Bool {
    try KeywordExpression(parsing: text).matches(names)
  }

  @Test func precedenceAndGrouping() throws {
    #expect(
      try KeywordExpression(parsing: "a or b and not c")
        == .or(.phrase("a"), .and(.phrase("b"), .not(.phrase("c")))))
    #expect(
      try KeywordExpression(parsing: "(a or b) and c")
        == .and(.or(.phrase("a"), .phrase("b")), .phrase("c")))
    #expect(try KeywordExpression(parsing: "not not a") == .not(.not(.phrase("a"))))
  }

  @Test func phrasesMatchSubstringsOfAnyNameIgnoringCase() throws {
    #expect(try Self.matches("Guest SEES", ["x.json", "step 3: guest sees host"]))
    #expect(try !Self.matches("guest and not x.json", ["x.json", "step 3: guest sees host"]))
    #expect(try Self.matches("upgrade or downgrade", ["Scenarios/downgrade.json"]))
  }

  @Test func mistakesNameTheColumn() {
    #expect(throws: KeywordError(description: "-k (a: at column 3: expected ), found the end")) {
      try KeywordExpression(parsing: "(a")
    }
    #expect(
      throws: KeywordError(
        description: "-k a ) b: at column 3: expected and, or or the end, found \")\"")
    ) {
      try KeywordExpression(parsing: "a ) b")
    }
    #expect(
      throws: KeywordError(
        description: "-k : at column 1: expected a word, not or (, found the end")
    ) {
      try KeywordExpression(parsing: "")
    }
  }
}
