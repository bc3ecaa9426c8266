/// What a message may quote of text a person supplied: short text whole, long text as its start
/// and its length — so a 10 MB mistake is never echoed back whole to a terminal or a log.
public enum Excerpt {
  /// Most characters of outside text a message shows.
  public static let maximumCharacters = 48

  /// `text` itself when short; otherwise its first characters, "…" and its size in bytes.
  public static func of(_ text: String) -> String {
    var index = text.startIndex
    var count = 0
    while index < text.endIndex, count < maximumCharacters {
      index = text.index(after: index)
      count += 1
    }
    guard index < text.endIndex else { return text }
    return "\(text[..<index])… (\(text.utf8.count) bytes)"
  }
}

extension Excerpt {
  /// `text` in double quotes, shortened as `of` does.
  public static func quoted(_ text: some StringProtocol) -> String {
    "\"" + of(String(text)) + "\""
  }
}
