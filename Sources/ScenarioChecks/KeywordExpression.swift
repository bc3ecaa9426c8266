/// `stagemon test -k EXPRESSION`, as pytest's `-k`: words matched case-insensitively as
/// substrings of a file's path or an assertion's name, combined with `not`, `and`, `or` and
/// parentheses (`-k "upgrade and not stale"`). Consecutive words form one phrase, so
/// `-k "participant host"` matches that text.
public indirect enum KeywordExpression: Equatable, Sendable {
  /// A phrase, lower-cased.
  case phrase(String)
  /// `not A`.
  case not(KeywordExpression)
  /// `A and B`.
  case and(KeywordExpression, KeywordExpression)
  /// `A or B`.
  case or(KeywordExpression, KeywordExpression)

  /// Parses `text`; a mistake names the column and what was expected.
  public init(parsing text: String) throws(KeywordError) {
    var parser = Parser(tokens: Self.tokens(text), text: text)
    let expression = try parser.orExpression()
    guard parser.index == parser.tokens.count else {
      throw parser.error("expected and, or or the end")
    }
    self = expression
  }

  /// Whether the expression holds for an item whose names are `names` (its file's path, its
  /// assertion's name): a phrase holds when one of them contains it, ignoring case.
  public func matches(_ names: [String]) -> Bool {
    let lowered = names.map { $0.lowercased() }
    return holds(lowered)
  }

  private func holds(_ names: [String]) -> Bool {
    switch self {
    case .phrase(let phrase): return names.contains { $0.contains(phrase) }
    case .not(let inner): return !inner.holds(names)
    case .and(let left, let right): return left.holds(names) && right.holds(names)
    case .or(let left, let right): return left.holds(names) || right.holds(names)
    }
  }

  /// A word or parenthesis and the column (from 1) where it starts.
  fileprivate struct Token {
    let text: String
    let column: Int
  }

  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var word = ""
    var start = 0
    for (offset, character) in text.enumerated() {
      if character.isWhitespace || character == "(" || character == ")" {
        if !word.isEmpty { tokens.append(Token(text: word, column: start + 1)) }
        word = ""
        if !character.isWhitespace {
          tokens.append(Token(text: String(character), column: offset + 1))
        }
      } else {
        if word.isEmpty { start = offset }
        word.append(character)
      }
    }
    if !word.isEmpty { tokens.append(Token(text: word, column: start + 1)) }
    return tokens
  }

  /// Recursive descent over the tokens: `or` binds loosest, then `and`, then `not`.
  fileprivate struct Parser {
    let tokens: [Token]
    let text: String
    var index = 0

    static let operators: Set<String> = ["and", "or", "not", "(", ")"]

    func error(_ expected: String) -> KeywordError {
      let column = index < tokens.count ? tokens[index].column : text.count + 1
      let found = index < tokens.count ? "\"\(tokens[index].text)\"" : "the end"
      return KeywordError(
        description: "-k \(text): at column \(column): \(expected), found \(found)")
    }

    private mutating func take(_ word: String) -> Bool {
      guard index < tokens.count, tokens[index].text == word else { return false }
      index += 1
      return true
    }

    mutating func orExpression() throws(KeywordError) -> KeywordExpression {
      var left = try andExpression()
      while take("or") { left = .or(left, try andExpression()) }
      return left
    }

    private mutating func andExpression() throws(KeywordError) -> KeywordExpression {
      var left = try notExpression()
      while take("and") { left = .and(left, try notExpression()) }
      return left
    }

    private mutating func notExpression() throws(KeywordError) -> KeywordExpression {
      if take("not") { return .not(try notExpression()) }
      if take("(") {
        let inner = try orExpression()
        guard take(")") else { throw error("expected )") }
        return inner
      }
      var words: [String] = []
      while index < tokens.count, !Self.operators.contains(tokens[index].text) {
        words.append(tokens[index].text)
        index += 1
      }
      guard !words.isEmpty else { throw error("expected a word, not or (") }
      return .phrase(words.joined(separator: " ").lowercased())
    }
  }
}

/// A `-k` expression that does not parse.
public struct KeywordError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `-k TEXT: at column C: expected …, found …`.
  public let description: String
}
